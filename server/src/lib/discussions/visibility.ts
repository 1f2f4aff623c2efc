// Which discussions and messages a person sees as a party (GET /api/discussions, a thread, the
// search): the discussions they are one of the two parties of, and in them the messages sent by
// them or to them. `me` is the SQL expression of the person's id (a parameter).

/** The two parties of a discussion: the lists read each one's discussions by its own index. */
export const DISCUSSION_PARTIES = ['customer_id', 'consultant_id'] as const;

/** A discussion (`alias`) of which `me` is a party. */
export const ownDiscussion = (alias: string, me: string) =>
  `(${DISCUSSION_PARTIES.map((party) => `${alias}.${party} = ${me}`).join(' OR ')})`;

/** A message (`alias`) sent by `me` or to `me`: every message goes from one party of its discussion to the other. */
export const ownMessage = (alias: string, me: string) => `(${alias}.to_user_id = ${me} OR ${alias}.from_user_id = ${me})`;
