import fp from 'fastify-plugin';
import { ADVICE_REACH_MESSAGES, PUBLICATION, type Advice, type AdviceAcknowledgement, type AdviceMustReadBody } from '@hub/shared/api';
import type { Session } from '../../../lib/auth/session';
import { fieldError } from '../../../lib/http/field-errors';
import { iso } from '../../../lib/iso';
import { REMINDER_TIME_ZONE } from '../../../lib/reminders/reminders';

export interface MustReadRepository {
  /** Marks or unmarks an advice the caller manages (any status); null when it is not theirs to manage. */
  set(id: number, body: AdviceMustReadBody, session: Session): Promise<Advice | null>;
  /**
   * "I have read it" by the person the caller is (display-as is refused by the route): null when
   * the advice is not one they receive; the first acknowledgement's time is kept.
   */
  acknowledge(id: number, session: Session): Promise<AdviceAcknowledgement | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mustReadRepository: MustReadRepository;
  }
}

const NOT_BEFORE_TODAY = 'The date may not be before today';

export default fp(
  async (fastify) => {
    const { db } = fastify;

    const repository: MustReadRepository = {
      async set(id, body, session) {
        // The advice's own rule of who manages it (the admin detail's), then the mark beside it.
        if (!(await fastify.advicesRepository.adminGet(id, session))) return null;
        const dueOn = body.must_read ? (body.must_read_by ?? null) : null;
        await db.transaction(async (tx) => {
          if (dueOn !== null) {
            const { rows } = await tx.query<{ past: boolean }>(`SELECT $1::date < (now() AT TIME ZONE $2)::date AS past`, [
              dueOn,
              REMINDER_TIME_ZONE,
            ]);
            if (rows[0]!.past) throw fieldError(400, 'must_read_by', NOT_BEFORE_TODAY);
          }
          if (body.must_read) {
            await tx.query(
              `INSERT INTO advice_must_read (advice_id, due_on, set_by) VALUES ($1, $2, $3)
               ON CONFLICT (advice_id) DO UPDATE SET due_on = EXCLUDED.due_on, set_at = now(), set_by = EXCLUDED.set_by`,
              [id, dueOn, session.actor.id],
            );
          } else {
            await tx.query('DELETE FROM advice_must_read WHERE advice_id = $1', [id]);
          }
          await fastify.auditRepository.record(
            session,
            { action: 'advice.must_read', itemType: 'advice', itemId: id, details: { must_read: body.must_read, must_read_by: dueOn } },
            tx,
          );
        });
        return fastify.advicesRepository.adminGet(id, session);
      },

      async acknowledge(id, session) {
        // A recipient is whoever the advices list shows it to: published, and in its audience.
        const advice = await fastify.advicesRepository.get(id, session);
        if (!advice || advice.status !== PUBLICATION.published) return null;
        if (!advice.must_read) throw fastify.httpErrors.conflict(ADVICE_REACH_MESSAGES.notMustRead);
        const acknowledgedAt = await db.transaction(async (tx) => {
          // With the person's company now: the reach's counts by company (migration 0161).
          await tx.query(
            `INSERT INTO advice_acknowledgements (advice_id, user_id, entity_id)
             SELECT $1, id, entity_id FROM users WHERE id = $2
             ON CONFLICT DO NOTHING`,
            [id, session.user.id],
          );
          // Its reminders have done their work: they leave the unread count.
          await tx.query(
            `UPDATE notifications SET read_at = now()
              WHERE user_id = $1 AND subject_type = 'advice' AND subject_id = $2 AND event = 'advice.must_read' AND read_at IS NULL`,
            [session.user.id, id],
          );
          const { rows } = await tx.query<{ acknowledged_at: Date | string }>(
            'SELECT acknowledged_at FROM advice_acknowledgements WHERE advice_id = $1 AND user_id = $2',
            [id, session.user.id],
          );
          return rows[0]!.acknowledged_at;
        });
        return { advice_id: id, acknowledged_at: iso(acknowledgedAt) };
      },
    };
    fastify.decorate('mustReadRepository', repository);
  },
  { name: 'must-read-repository', dependencies: ['database', 'advices-repository', 'audit-repository'] },
);
