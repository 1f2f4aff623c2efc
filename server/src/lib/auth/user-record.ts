/** A users row as the server works with it. */
export interface UserRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  rights: string[];
  entity_id: number | null;
  /** Bumped by sign-out and "end sessions": a token carrying an older version is refused. */
  token_version: number;
}
