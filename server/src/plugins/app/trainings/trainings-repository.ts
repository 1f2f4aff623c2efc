import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  LIMITS,
  type Training,
  type TrainingCreateBody,
  type TrainingKind,
  type TrainingList,
  type TrainingListQuery,
  type TrainingUpdateBody,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { Session } from '../../../lib/auth/session';
import { likePattern, setClauses } from '../../../lib/content/sql';
import { iso } from '../../../lib/iso';
import { fieldError } from '../../../lib/http/field-errors';

/** Trainings, webinars and events: for everyone; contributors and above write them. */
export interface TrainingsRepository {
  /** docs/product.md §9: those starting after the start of tomorrow (UTC), ascending, at most 3. */
  upcoming(now?: Date): Promise<TrainingList>;
  /** The trainings page: ascending by start, from those that ended (or started) in the last 30 days on. */
  list(query: TrainingListQuery, now?: Date): Promise<TrainingList>;
  /** Every date, newest start first. */
  adminList(query: TrainingListQuery): Promise<TrainingList>;
  get(id: number): Promise<Training | null>;
  create(body: TrainingCreateBody, session: Session): Promise<Training>;
  update(id: number, body: TrainingUpdateBody, session: Session): Promise<Training>;
  remove(id: number, session: Session): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trainingsRepository: TrainingsRepository;
  }
}

interface TrainingRow {
  id: number;
  intitule: string;
  date_debut: Date | string;
  date_fin: Date | string | null;
  duree_heures: string | number | null;
  slug: string | null;
  kind: TrainingKind;
}

const COLUMNS = 'id, intitule, date_debut, date_fin, duree_heures, slug, kind';
const RECENT_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** The start of tomorrow, UTC. */
export function startOfTomorrow(now: Date): Date {
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);
  return new Date(day.getTime() + DAY);
}

const toTraining = (row: TrainingRow): Training => ({
  id: row.id,
  intitule: row.intitule,
  date_debut: iso(row.date_debut),
  date_fin: row.date_fin === null ? null : iso(row.date_fin),
  // numeric comes back as a string from PostgreSQL.
  duree_heures: row.duree_heures === null ? null : Number(row.duree_heures),
  slug: row.slug,
  kind: row.kind,
});

export default fp(
  async (fastify) => {
    const { db } = fastify;

    async function listPage(where: string, params: unknown[], page: number, pageSize: number, order: string): Promise<TrainingList> {
      const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM trainings WHERE ${where}`, params);
      const { rows } = await db.query<TrainingRow>(
        `SELECT ${COLUMNS} FROM trainings WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      return { items: rows.map(toTraining), total: total.rows[0]!.count, page, page_size: pageSize };
    }

    function kindFilter(query: TrainingListQuery, params: unknown[], conditions: string[]) {
      if (query.kind) {
        params.push(query.kind);
        conditions.push(`kind = $${params.length}`);
      }
      if (query.search?.trim()) {
        params.push(likePattern(query.search.trim()));
        conditions.push(`intitule ILIKE $${params.length}`);
      }
    }

    /** Dates in order, a free slug: clear 400 and 409 rather than a constraint failure. */
    async function check(
      tx: Queryable,
      id: number | null,
      start: string | Date,
      end: string | Date | null,
      slug: string | null | undefined,
    ) {
      if (end !== null && new Date(end).getTime() < new Date(start).getTime())
        throw fieldError(400, 'date_fin', 'must not be before date_debut');
      if (slug) {
        const { rows } = await tx.query('SELECT 1 FROM trainings WHERE slug = $1 AND id IS DISTINCT FROM $2', [slug, id]);
        if (rows.length > 0) throw fieldError(409, 'slug', `"${slug}" is already used`);
      }
    }

    const repository: TrainingsRepository = {
      async upcoming(now = new Date()) {
        const { rows } = await db.query<TrainingRow>(
          `SELECT ${COLUMNS} FROM trainings WHERE date_debut >= $1 ORDER BY date_debut, id LIMIT $2`,
          [startOfTomorrow(now), LIMITS.upcomingTrainings],
        );
        return { items: rows.map(toTraining), total: rows.length, page: 1, page_size: LIMITS.upcomingTrainings };
      },

      async list(query, now = new Date()) {
        const params: unknown[] = [new Date(now.getTime() - RECENT_DAYS * DAY)];
        const conditions = ['COALESCE(date_fin, date_debut) >= $1'];
        kindFilter(query, params, conditions);
        return listPage(conditions.join(' AND '), params, query.page ?? 1, query.page_size ?? 20, 'date_debut, id');
      },

      async adminList(query) {
        const params: unknown[] = [];
        const conditions = ['TRUE'];
        kindFilter(query, params, conditions);
        return listPage(conditions.join(' AND '), params, query.page ?? 1, query.page_size ?? 20, 'date_debut DESC, id DESC');
      },

      async get(id) {
        const { rows } = await db.query<TrainingRow>(`SELECT ${COLUMNS} FROM trainings WHERE id = $1`, [id]);
        return rows[0] ? toTraining(rows[0]) : null;
      },

      async create(body, session) {
        return db.transaction(async (tx) => {
          await check(tx, null, body.date_debut, body.date_fin ?? null, body.slug);
          const { rows } = await tx.query<TrainingRow>(
            `INSERT INTO trainings (intitule, date_debut, date_fin, duree_heures, slug, kind) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
            [
              body.intitule.trim(),
              body.date_debut,
              body.date_fin ?? null,
              body.duree_heures ?? null,
              body.slug ?? null,
              body.kind ?? 'training',
            ],
          );
          const training = toTraining(rows[0]!);
          await fastify.auditRepository.record(
            session,
            { action: 'training.create', itemType: 'training', itemId: training.id, details: { intitule: training.intitule } },
            tx,
          );
          return training;
        });
      },

      async update(id, body, session) {
        return db.transaction(async (tx) => {
          const { rows: current } = await tx.query<TrainingRow>(`SELECT ${COLUMNS} FROM trainings WHERE id = $1 FOR UPDATE`, [id]);
          if (!current[0]) throw httpErrors.notFound('Training not found');
          const start = body.date_debut ?? current[0].date_debut;
          const end = body.date_fin === undefined ? current[0].date_fin : body.date_fin;
          await check(tx, id, start, end, body.slug);
          const params: unknown[] = [];
          const sets = setClauses(
            {
              intitule: body.intitule?.trim(),
              date_debut: body.date_debut,
              date_fin: body.date_fin,
              duree_heures: body.duree_heures,
              slug: body.slug,
              kind: body.kind,
            },
            params,
          );
          let row = current[0];
          if (sets.length) {
            params.push(id);
            const { rows } = await tx.query<TrainingRow>(
              `UPDATE trainings SET ${sets.join(', ')} WHERE id = $${params.length} RETURNING ${COLUMNS}`,
              params,
            );
            row = rows[0]!;
          }
          await fastify.auditRepository.record(
            session,
            { action: 'training.update', itemType: 'training', itemId: id, details: { fields: Object.keys(body) } },
            tx,
          );
          return toTraining(row);
        });
      },

      async remove(id, session) {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ intitule: string }>('DELETE FROM trainings WHERE id = $1 RETURNING intitule', [id]);
          if (!rows[0]) throw httpErrors.notFound('Training not found');
          await fastify.auditRepository.record(
            session,
            { action: 'training.delete', itemType: 'training', itemId: id, details: { intitule: rows[0].intitule } },
            tx,
          );
        });
      },
    };
    fastify.decorate('trainingsRepository', repository);
  },
  { name: 'trainings-repository', dependencies: ['database', 'audit-repository'] },
);
