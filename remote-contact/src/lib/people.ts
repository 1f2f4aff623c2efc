import type { Discussion, DiscussionPerson } from '@hub/shared/api';

export const fullName = (person: DiscussionPerson | null) => (person ? `${person.first_name} ${person.last_name}` : '—');

/** The other party of a discussion, seen from `userId`. */
export function otherParty(discussion: Discussion, userId: number): DiscussionPerson | null {
  return discussion.customer?.id === userId ? discussion.consultant : discussion.customer;
}
