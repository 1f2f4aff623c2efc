// A consultant away (staff_away, migration 0131) has a stand-in for the time: the stand-in reads
// the consultant's discussions, answers in them under their own name, and is told of the
// customers' messages in their place. These fragments say "now" once for every reader.

/** The consultants `me` (an SQL expression) stands in for now. */
export const standingInForNow = (me: string) =>
  `(SELECT a.user_id FROM staff_away a WHERE a.stand_in_id = ${me} AND a.starts_at <= now() AND a.ends_at > now())`;

/** Who answers for `consultant` (an SQL expression) now: their stand-in while they are away, else themselves. */
export const answeringFor = (consultant: string) =>
  `coalesce((SELECT a.stand_in_id FROM staff_away a WHERE a.user_id = ${consultant} AND a.starts_at <= now() AND a.ends_at > now()
              ORDER BY a.starts_at DESC LIMIT 1), ${consultant})`;
