import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import {
  LIMITS,
  type Category,
  type CategoryCreateBody,
  type CategoryList,
  type CategoryListQuery,
  type CategoryUpdateBody,
} from '@hub/shared/api';
import type { Session } from '../../../lib/auth/session';
import { likePattern, setClauses } from '../../../lib/content/sql';

/** Categories of advices and news items; written by administrators only (the routes check). */
export interface CategoriesRepository {
  list(query: CategoryListQuery): Promise<CategoryList>;
  get(id: number): Promise<Category | null>;
  /** The colour defaults to #999999 (docs/product.md §9). */
  create(body: CategoryCreateBody, session: Session): Promise<Category>;
  update(id: number, body: CategoryUpdateBody, session: Session): Promise<Category>;
  /** Advices and news items of a deleted category keep going without one. */
  remove(id: number, session: Session): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    categoriesRepository: CategoriesRepository;
  }
}

const NOT_FOUND = 'Category not found';

export default fp(
  async (fastify) => {
    const { db } = fastify;
    const repository: CategoriesRepository = {
      async list(query) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const search = query.search?.trim();
        const params: unknown[] = search ? [likePattern(search)] : [];
        const where = search ? 'WHERE name ILIKE $1' : '';
        const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM categories ${where}`, params);
        const { rows } = await db.query<Category>(
          `SELECT id, name, color FROM categories ${where} ORDER BY name, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        return { items: rows, total: total.rows[0]!.count, page, page_size: pageSize };
      },

      async get(id) {
        const { rows } = await db.query<Category>('SELECT id, name, color FROM categories WHERE id = $1', [id]);
        return rows[0] ?? null;
      },

      async create(body, session) {
        return db.transaction(async (tx) => {
          const { rows } = await tx.query<Category>('INSERT INTO categories (name, color) VALUES ($1, $2) RETURNING id, name, color', [
            body.name.trim(),
            body.color ?? LIMITS.defaultCategoryColor,
          ]);
          const category = rows[0]!;
          await fastify.auditRepository.record(
            session,
            { action: 'category.create', itemType: 'category', itemId: category.id, details: { name: category.name } },
            tx,
          );
          return category;
        });
      },

      async update(id, body, session) {
        return db.transaction(async (tx) => {
          const params: unknown[] = [];
          const sets = setClauses({ name: body.name?.trim(), color: body.color }, params);
          params.push(id);
          const { rows } = await tx.query<Category>(
            sets.length
              ? `UPDATE categories SET ${sets.join(', ')} WHERE id = $${params.length} RETURNING id, name, color`
              : 'SELECT id, name, color FROM categories WHERE id = $1 FOR UPDATE',
            params,
          );
          if (!rows[0]) throw httpErrors.notFound(NOT_FOUND);
          await fastify.auditRepository.record(
            session,
            { action: 'category.update', itemType: 'category', itemId: id, details: { fields: Object.keys(body) } },
            tx,
          );
          return rows[0];
        });
      },

      async remove(id, session) {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ name: string }>('DELETE FROM categories WHERE id = $1 RETURNING name', [id]);
          if (!rows[0]) throw httpErrors.notFound(NOT_FOUND);
          await fastify.auditRepository.record(
            session,
            { action: 'category.delete', itemType: 'category', itemId: id, details: { name: rows[0].name } },
            tx,
          );
        });
      },
    };
    fastify.decorate('categoriesRepository', repository);
  },
  { name: 'categories-repository', dependencies: ['database', 'audit-repository'] },
);
