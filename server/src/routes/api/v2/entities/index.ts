import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, FileExchangeEntityListSchema, isAdministrator, PageQuerySchema } from '@hub/shared/api';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // An administrator sees every entity; anyone else their own.
  fastify.get(
    '/entities',
    {
      schema: { tags: ['files'], querystring: PageQuerySchema, response: { 200: FileExchangeEntityListSchema, 401: ErrorResponseSchema } },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.page_size ?? 20;
      const all = isAdministrator(request.session.rights);
      const where = all ? 'true' : 'id = $1';
      const params = all ? [] : [request.session.entityId];
      const total = await fastify.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM entities WHERE ${where}`, params);
      const { rows } = await fastify.db.query<{ id: number; name: string; slug: string }>(
        `SELECT id, name, slug FROM entities WHERE ${where} ORDER BY name, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      const base = `${fastify.config.publicUrl}/api/v2`;
      return {
        items: rows.map((row) => ({ ...row, url: `${base}/entity/${encodeURIComponent(row.slug)}/collections` })),
        total: total.rows[0]!.count,
        page,
        page_size: pageSize,
      };
    },
  );
};
export default routes;
