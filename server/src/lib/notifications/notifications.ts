import { PUBLICATION, portalPaths, type NotificationEvent, NOTIFICATION_EVENT_KIND } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import { ADVICE_RECIPIENTS, DASHBOARD_RECIPIENTS } from '../content/audience';
import { audienceCondition } from '../content/visibility';
import { answeringFor } from '../discussions/stand-in';
import { TRANSLATED, titleInSql } from '../content/translations';

// Writing the notification centre's rows (docs/product.md §13), always in the caller's transaction
// and set-based: one statement however many people are told. The rows carry what happened and to
// what (a title, a path), never a message's text or a file's content.

/** The publishable content whose notifications follow who sees it; the names are the audit's item types. */
export type ContentSubject = 'advice' | 'news-item' | 'dashboard';

interface ContentRule {
  table: string;
  alias: string;
  event: NotificationEvent;
  /** The portal path that opens the item (@hub/shared's portal paths). */
  path: (id: number) => string;
  /** SQL: may user `u` see item `i` (publication and audience; the lists' rule). */
  sees: string;
  /** SQL: does `u` want to be told (news: the categories they follow, all while NULL). */
  wants: string;
}

const published = (alias: string) => `${alias}.status = ${PUBLICATION.published}`;

const CONTENT: Record<ContentSubject, ContentRule> = {
  advice: {
    table: 'advices',
    alias: 'i',
    event: 'advice.published',
    path: portalPaths.advice,
    sees: `${published('i')} AND ${audienceCondition('i', ADVICE_RECIPIENTS, 'u.entity_id', 'u.id')}`,
    wants: 'TRUE',
  },
  dashboard: {
    table: 'dashboards',
    alias: 'i',
    event: 'dashboard.available',
    path: () => portalPaths.dashboards,
    sees: `${published('i')} AND ${audienceCondition('i', DASHBOARD_RECIPIENTS, 'u.entity_id', 'u.id')}`,
    wants: 'TRUE',
  },
  // News items have no audience: published, they are for everyone. One without a category is told
  // to everyone too (there is no category to follow).
  'news-item': {
    table: 'news_items',
    alias: 'i',
    event: 'news.published',
    path: portalPaths.newsItem,
    sees: published('i'),
    wants: '(u.followed_categories IS NULL OR i.category_id IS NULL OR i.category_id = ANY (u.followed_categories))',
  },
};

/**
 * Brings the notifications about content items in step with who sees them now, in the caller's
 * transaction: call it after any write that may change who sees an item (publish, unpublish, the
 * scheduled publishing, an audience change, a move to another company, a delete). Those who no
 * longer see an item lose its notifications; those who see it and were never told (and want to
 * be: news categories) get one, except `actorId`, who made the change. Two statements, whatever the
 * audience's size.
 */
export async function syncContentNotifications(
  tx: Queryable,
  subject: ContentSubject,
  ids: readonly number[],
  actorId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  const rule = CONTENT[subject];
  // Gone: the item deleted, or the person no longer sees it.
  await tx.query(
    `DELETE FROM notifications n
      WHERE n.subject_type = $1 AND n.subject_id = ANY ($2::bigint[])
        AND NOT EXISTS (SELECT 1 FROM ${rule.table} i JOIN users u ON u.id = n.user_id WHERE i.id = n.subject_id AND ${rule.sees})`,
    [subject, ids],
  );
  await tx.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, actor_id)
     SELECT u.id, $3, $4, $1, i.id, ${titleInSql({ ...TRANSLATED[subject], alias: 'i' }, 'u.language')}, (SELECT p.path FROM unnest($2::int[], $6::text[]) p(id, path) WHERE p.id = i.id), $5
       FROM ${rule.table} i CROSS JOIN users u
      WHERE i.id = ANY ($2::int[]) AND ${rule.sees} AND ${rule.wants} AND u.id IS DISTINCT FROM $5
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.subject_type = $1 AND n.subject_id = i.id AND n.user_id = u.id)`,
    // Each item's path beside its id: the paths are written in TypeScript, never in SQL.
    [subject, ids, NOTIFICATION_EVENT_KIND[rule.event], rule.event, actorId, ids.map((id) => rule.path(id))],
  );
}

/**
 * Removes the notifications about an item from those who no longer see it: everyone when `keep`
 * is omitted (the item is gone), else all but the people `keep` (SQL on `n.user_id`) still names.
 */
export async function forgetSubject(
  tx: Queryable,
  subjectType: string,
  subjectId: number,
  keep?: string,
  params: unknown[] = [],
): Promise<void> {
  await tx.query(`DELETE FROM notifications n WHERE n.subject_type = $1 AND n.subject_id = $2${keep ? ` AND NOT (${keep})` : ''}`, [
    subjectType,
    subjectId,
    ...params,
  ]);
}

/**
 * A message in a discussion: from the consultant, the customer is told of the reply (and of the
 * close, with "Send & Close"); from the customer, the consultant handling it is told. The title
 * is the author's name, never the message's text.
 */
export async function notifyDiscussionMessage(
  tx: Queryable,
  discussion: { id: number; customerId: number; consultantId: number },
  authorId: number,
  closed: boolean,
): Promise<void> {
  // The consultant's stand-in writes as the consultant's side.
  const fromConsultant = authorId !== discussion.customerId;
  const events: NotificationEvent[] = fromConsultant
    ? ['discussion.reply', ...(closed ? (['discussion.closed'] as const) : [])]
    : ['discussion.customer_message'];
  // A customer's message is told to whoever answers for the consultant now: their stand-in while away.
  const recipient = await tx.query<{ id: number }>(`SELECT ${answeringFor('$1::int')} AS id`, [discussion.consultantId]);
  await tx.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, actor_id)
     SELECT $1, 'discussions', e, 'discussion', $2, a.first_name || ' ' || a.last_name, $5, a.id
       FROM users a CROSS JOIN unnest($4::text[]) e WHERE a.id = $3 AND $1 <> $3`,
    [fromConsultant ? discussion.customerId : recipient.rows[0]!.id, discussion.id, authorId, events, portalPaths.contact],
  );
}

/**
 * A helpdesk ticket answered by the staff, or its status changed: its author is told, while still
 * of the ticket's company (the customer's side sees no other company's tickets).
 */
export async function notifyTicket(
  tx: Queryable,
  ticketId: number,
  event: 'ticket.answered' | 'ticket.status',
  actorId: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, actor_id)
     SELECT t.author_id, 'tickets', $2, 'ticket', t.id, t.title, $4, $3
       FROM tickets t JOIN users u ON u.id = t.author_id AND u.entity_id = t.entity_id
      WHERE t.id = $1 AND t.author_id <> $3`,
    [ticketId, event, actorId, portalPaths.tickets],
  );
}

/** The Collectmaster events, by who is told: the company's users, or its consultants (a customer's upload). */
export type FileEvent = 'collectmaster.requested' | 'collectmaster.accepted' | 'collectmaster.problem' | 'collectmaster.placed';

/**
 * A file of Collectmaster changed: a file requested, accepted or with a problem (the state only,
 * never the comment) tells the users of the collection's company; a placed file (an upload) tells,
 * when a customer of that company uploaded it, the consultants of the company's users
 * (`collectmaster.uploaded`), else (the staff added it) the company's users
 * (`collectmaster.file_added`). The title is the file's name.
 */
export async function notifyFile(tx: Queryable, fileId: number, event: FileEvent, actorId: number): Promise<void> {
  const customerUpload = `EXISTS (SELECT 1 FROM users up WHERE up.id = $2 AND up.entity_id = c.entity_id)`;
  const toCustomers = 'r.entity_id = c.entity_id';
  const toConsultants = `r.id IN (SELECT uc.consultant_id FROM user_contacts uc JOIN users cu ON cu.id = uc.user_id WHERE cu.entity_id = c.entity_id)`;
  const code =
    event === 'collectmaster.placed'
      ? `CASE WHEN ${customerUpload} THEN 'collectmaster.uploaded' ELSE 'collectmaster.file_added' END`
      : '$4';
  const who = event === 'collectmaster.placed' ? `CASE WHEN ${customerUpload} THEN ${toConsultants} ELSE ${toCustomers} END` : toCustomers;
  await tx.query(
    `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path, actor_id)
     SELECT r.id, 'collectmaster', ${code}, 'exchange_file', f.id, f.name, $3, $2
       FROM exchange_files f
       JOIN exchange_folders d ON d.id = f.folder_id
       JOIN exchange_collections c ON c.id = d.collection_id
       JOIN users r ON ${who}
      WHERE f.id = $1 AND r.id <> $2`,
    event === 'collectmaster.placed' ? [fileId, actorId, portalPaths.collectmaster] : [fileId, actorId, portalPaths.collectmaster, event],
  );
}

/**
 * A person moved to another company (or none): their notifications about what they no longer see
 * go, in the move's transaction: advices and dashboards by the lists' rule, their old company's
 * tickets and Collectmaster files (a consultant's notifications of customers' uploads stay: they
 * follow the consultant's customers, not the consultant's own company).
 */
export async function forgetLostSight(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `DELETE FROM notifications n USING users u
      WHERE n.user_id = $1 AND u.id = n.user_id AND (
        (n.subject_type = 'advice' AND NOT EXISTS (SELECT 1 FROM advices i WHERE i.id = n.subject_id AND ${CONTENT.advice.sees}))
        OR (n.subject_type = 'dashboard' AND NOT EXISTS (SELECT 1 FROM dashboards i WHERE i.id = n.subject_id AND ${CONTENT.dashboard.sees}))
        OR (n.subject_type = 'ticket' AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.id = n.subject_id AND t.entity_id = u.entity_id))
        OR (n.subject_type = 'exchange_file' AND n.event <> 'collectmaster.uploaded' AND NOT EXISTS (
              SELECT 1 FROM exchange_files f JOIN exchange_folders d ON d.id = f.folder_id JOIN exchange_collections c ON c.id = d.collection_id
               WHERE f.id = n.subject_id AND c.entity_id = u.entity_id)))`,
    [userId],
  );
}
