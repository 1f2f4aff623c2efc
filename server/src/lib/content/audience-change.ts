import { httpErrors } from '@fastify/sensible';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { changeRecipients, type AudienceChange, type RecipientsTable } from './audience';
import type { ContentTable, LockedEntityItem } from './rows';
import { syncContentNotifications } from '../notifications/notifications';

/**
 * Changes `sources.users` of a per-entity item, audited: the user must be of the item's entity
 * (404 otherwise).
 */
export async function changeAudience(
  fastify: FastifyInstance,
  { table, itemType }: ContentTable,
  recipients: RecipientsTable,
  lock: (tx: Queryable, id: number, session: Session) => Promise<LockedEntityItem>,
  item: { id: number; change: AudienceChange; userId: number | null },
  session: Session,
): Promise<void> {
  const { id, change, userId } = item;
  await fastify.db.transaction(async (tx) => {
    const locked = await lock(tx, id, session);
    if (userId !== null) {
      const { rows } = await tx.query('SELECT 1 FROM users WHERE id = $1 AND entity_id = $2', [userId, locked.entity_id]);
      if (rows.length === 0) throw httpErrors.notFound('User not found');
    }
    await changeRecipients(tx, recipients, id, change, userId ?? undefined);
    await syncContentNotifications(tx, itemType, [id], session.user.id);
    await tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
    await fastify.auditRepository.record(
      session,
      { action: `${itemType}.users.${change}`, itemType, itemId: id, details: userId === null ? null : { user_id: userId } },
      tx,
    );
  });
}
