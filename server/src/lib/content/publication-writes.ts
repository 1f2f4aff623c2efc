import { httpErrors } from '@fastify/sensible';
import type { FastifyInstance } from 'fastify';
import { PUBLICATION, readPublicationStatus, type PublicationStatus } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import type { ContentTable, LockedItem } from './rows';
import { syncContentNotifications } from '../notifications/notifications';
import { markPublishedVersion, VERSIONED } from './versions';

/** Only drafts may be edited (deleting is allowed in any status: see `remove` below). */
export function assertDraft(item: LockedItem): void {
  if (readPublicationStatus(item.status) !== PUBLICATION.draft) throw httpErrors.conflict('Only items in draft can be edited');
}

/** The fields an update sets, for its audit line. */
export const changedFields = (body: object) => Object.entries(body).flatMap(([key, value]) => (value === undefined ? [] : [key]));

/**
 * Delete and publish/unpublish, each in one transaction with its audit line (a change whose audit
 * line cannot be written is not kept). `lock` reads the item for the write, or throws the 404.
 */
export function publicationWrites<Locked extends LockedItem>(
  fastify: FastifyInstance,
  { table, itemType }: ContentTable,
  lock: (tx: Queryable, id: number, session: Session) => Promise<Locked>,
) {
  return {
    /** Deletes a draft or a published item alike (no assertDraft): the console asks for confirmation first. */
    async remove(id: number, session: Session): Promise<void> {
      await fastify.db.transaction(async (tx) => {
        const item = await lock(tx, id, session);
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        await syncContentNotifications(tx, itemType, [id], session.user.id);
        await fastify.auditRepository.record(
          session,
          { action: `${itemType}.delete`, itemType, itemId: id, details: { title: item.title } },
          tx,
        );
      });
    },

    /** Publish (16) or back to draft (0). */
    async setStatus(id: number, status: PublicationStatus, session: Session): Promise<void> {
      await fastify.db.transaction(async (tx) => {
        await lock(tx, id, session);
        await tx.query(`UPDATE ${table} SET status = $1, publish_at = NULL, updated_at = now() WHERE id = $2`, [status, id]);
        if (status === PUBLICATION.published) await markPublishedVersion(tx, VERSIONED[itemType], id, session);
        await syncContentNotifications(tx, itemType, [id], session.user.id);
        const action = status === PUBLICATION.published ? `${itemType}.publish` : `${itemType}.unpublish`;
        await fastify.auditRepository.record(session, { action, itemType, itemId: id }, tx);
      });
    },
  };
}
