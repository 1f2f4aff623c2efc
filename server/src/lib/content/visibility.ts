import { PUBLICATION } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { canSeeUnpublished, type Session } from '../auth/session';
import { ADVICE_RECIPIENTS, DASHBOARD_RECIPIENTS, type RecipientsTable } from './audience';
import type { ContentTable } from './rows';

// Who sees which publishable content: written once, for the lists, the details and the counts.

/**
 * The `status` condition for who may not see unpublished content (or does not ask to), pushing its
 * parameter; null when every status is shown. `alias` qualifies the column ('' for none).
 */
export function publishedOnly(alias: string, session: Session, includesUnpublished: boolean, params: unknown[]): string | null {
  if (includesUnpublished && canSeeUnpublished(session)) return null;
  params.push(PUBLICATION.published);
  return `${alias ? `${alias}.` : ''}status = $${params.length}`;
}

/**
 * The audience part of the rule below, on SQL expressions: the item (`alias`) is of the entity
 * `entity` and is for `multi_users` or addressed to `user`. The notification centre applies it to
 * every user at once (`users.entity_id`, `users.id`) to tell exactly those who see an item.
 */
export function audienceCondition(alias: string, { table, column }: RecipientsTable, entity: string, user: string): string {
  const recipient = `${alias}u`;
  return `${alias}.entity_id = ${entity} AND (${alias}.audience_type = 'multi_users' OR EXISTS (SELECT 1 FROM ${table} ${recipient} WHERE ${recipient}.${column} = ${alias}.id AND ${recipient}.user_id = ${user}))`;
}

/**
 * The visibility rule of per-entity content, written once for the lists and the details: items of
 * the caller's own entity, published, whose audience includes the caller (everyone for
 * multi_users, the named recipients for user). Contributors and above may ask to include
 * unpublished ones. (`visibleAdvicesCount()` below counts the advices under the same rule.)
 */
export function audienceVisibility(
  content: ContentTable,
  { table, column }: RecipientsTable,
  session: Session,
  includesUnpublished: boolean,
  params: unknown[],
): string {
  const { alias } = content;
  params.push(session.entityId, session.user.id);
  const conditions = [audienceCondition(alias, { table, column }, `$${params.length - 1}`, `$${params.length}`)];
  const published = publishedOnly(alias, session, includesUnpublished, params);
  if (published) conditions.push(published);
  return conditions.join(' AND ');
}

/**
 * Who sees which advice (alias `a`): GET /api/advices, an advice's page and the search. The rule of
 * `audienceVisibility()`; the notifications apply it to every person at once (`audienceCondition()`).
 */
export const adviceVisibility = (session: Session, includesUnpublished: boolean, params: unknown[]): string =>
  audienceVisibility({ table: 'advices', alias: 'a', itemType: 'advice' }, ADVICE_RECIPIENTS, session, includesUnpublished, params);

/** Who sees which dashboard (alias `d`): the advices' rule, with the dashboards' recipients. */
export const dashboardVisibility = (session: Session, includesUnpublished: boolean, params: unknown[]): string =>
  audienceVisibility(
    { table: 'dashboards', alias: 'd', itemType: 'dashboard' },
    DASHBOARD_RECIPIENTS,
    session,
    includesUnpublished,
    params,
  );

/** Who sees which news item (alias `n`): everyone, published only unless unpublished ones may be included. */
export const newsItemVisibility = (session: Session, includesUnpublished: boolean, params: unknown[]): string =>
  publishedOnly('n', session, includesUnpublished, params) ?? 'TRUE';

/**
 * The `total` of GET /api/advices without counting the entity's advices on every call: the rule of
 * `audienceVisibility()` above (the entity's advices for everyone, plus the personal ones addressed
 * to the caller; published only unless unpublished ones may be included), read from advice_counts
 * (kept by a trigger, migration 0003) for the 'multi_users' part and from the caller's own
 * recipient rows for the 'user' part. test/db/advice-counts.test.ts checks that both give the same number.
 */
export async function visibleAdvicesCount(db: Queryable, session: Session, includesUnpublished: boolean): Promise<number> {
  const params: unknown[] = [session.entityId, session.user.id];
  const counted = publishedOnly('', session, includesUnpublished, params);
  const status = counted ? `AND ${counted}` : '';
  const advicesStatus = counted ? `AND a.${counted}` : '';
  const { rows } = await db.query<{ count: number }>(
    `SELECT (COALESCE((SELECT sum(count) FROM advice_counts WHERE entity_id = $1 AND audience_type = 'multi_users' ${status}), 0)
           + (SELECT count(*) FROM advice_users au JOIN advices a ON a.id = au.advice_id
               WHERE au.user_id = $2 AND a.entity_id = $1 AND a.audience_type = 'user' ${advicesStatus}))::int AS count`,
    params,
    { prepare: true },
  );
  return rows[0]!.count;
}
