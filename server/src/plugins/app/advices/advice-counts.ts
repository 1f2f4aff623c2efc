import { PUBLICATION } from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import { canSeeUnpublished, type Session } from '../auth/session';

/**
 * The `total` of GET /api/advices without counting the entity's advices on every call: the same
 * rule as `audienceVisibility()` in content/publishable.ts (the entity's advices for everyone,
 * plus the personal ones addressed to the caller; published only unless unpublished ones may be
 * included), read from advice_counts (kept by a trigger, migration 0003) for the 'multi_users'
 * part and from the caller's own recipient rows for the 'user' part.
 * test/db/advice-counts.test.ts checks that both give the same number.
 */
export async function visibleAdvicesCount(db: Queryable, session: Session, includesUnpublished: boolean): Promise<number> {
  const params: unknown[] = [session.entityId, session.user.id];
  let status = '';
  if (!(includesUnpublished && canSeeUnpublished(session))) {
    params.push(PUBLICATION.published);
    status = 'AND status = $3';
  }
  const { rows } = await db.query<{ count: number }>(
    `SELECT (COALESCE((SELECT sum(count) FROM advice_counts WHERE entity_id = $1 AND audience_type = 'multi_users' ${status}), 0)
           + (SELECT count(*) FROM advice_users au JOIN advices a ON a.id = au.advice_id
               WHERE au.user_id = $2 AND a.entity_id = $1 AND a.audience_type = 'user' ${status.replace('status', 'a.status')}))::int AS count`,
    params,
    { prepare: true },
  );
  return rows[0]!.count;
}
