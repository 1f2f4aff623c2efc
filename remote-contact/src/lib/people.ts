import { isFormerUser, type Discussion, type DiscussionPerson } from '@hub/shared/api';

/** A person's name; an erased person's messages are signed `formerUser` ("Former user"). */
export const fullName = (person: DiscussionPerson | null, formerUser: string) =>
  !person ? '—' : isFormerUser(person) ? formerUser : `${person.first_name} ${person.last_name}`;

/** The other party of a discussion, seen from `userId`. */
export function otherParty(discussion: Discussion, userId: number): DiscussionPerson | null {
  return discussion.customer?.id === userId ? discussion.consultant : discussion.customer;
}
