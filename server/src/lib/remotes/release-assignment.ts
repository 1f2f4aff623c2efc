import { createHash } from 'node:crypto';

/**
 * A person's place among the people of one remote: 0–99, from the SHA-256 of the remote's name and
 * the person's id. It depends on nothing else, so the same person has the same place on every
 * device, every reload and every process; another remote's place is drawn apart, so the people who
 * try one remote's candidate first are not always the same.
 */
export function releaseBucket(personId: number, remote: string): number {
  const digest = createHash('sha256').update(`${remote}\u0000${personId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

export interface CandidateReach {
  /** 0–100: the share of people given the candidate. */
  share: number;
  /** Companies (entity ids) whose people all get the candidate. */
  entities: ReadonlySet<number> | readonly number[];
}

/**
 * Whether a person gets the remote's candidate: their company is in the list, or their place is
 * below the share. Raising the share only adds places, so everyone who had the candidate keeps it.
 */
export function getsCandidate(person: { id: number; entityId: number | null }, remote: string, reach: CandidateReach): boolean {
  if (person.entityId !== null) {
    const listed =
      reach.entities instanceof Set ? reach.entities.has(person.entityId) : (reach.entities as readonly number[]).includes(person.entityId);
    if (listed) return true;
  }
  return reach.share > 0 && releaseBucket(person.id, remote) < reach.share;
}
