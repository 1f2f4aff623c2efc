// The types of release-remote-upload.mjs, for the server's test of it.
export const USAGE: string;
export const REMOTES: string[];
export class UsageError extends Error {}
export interface ReleaseArgs {
  name: string;
  version?: string;
  base?: string;
  to?: string;
  token?: string;
  share?: number;
  entities: number[];
  note?: string;
}
export function parseReleaseArgs(argv: string[], env?: Record<string, string | undefined>): ReleaseArgs;
export function releaseFiles(folder: string): string[];
export function publishRelease(options: {
  name: string;
  version: string;
  folder: string;
  to: string;
  token: string;
  base?: string;
  share?: number;
  entities?: number[];
  note?: string;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
}): Promise<{
  stable: { version: string; manifest_url: string };
  candidate: { version: string; share: number; entities: number[] } | null;
}>;
