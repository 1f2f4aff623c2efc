import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DATA_PROTECTION_MESSAGES,
  DataExportCreatedSchema,
  DataExportParamsSchema,
  DataExportSchema,
  DataExportZipQuerySchema,
} from '@hub/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { dataExportLinks } from '../../../lib/data-protection/export-links';
import type { DataExportRow } from '../../../plugins/app/data-exports/data-export-job';
import { errorResponses } from '../error-responses';

/** Export and erasure act for the signed-in person: display-as only shows the portal as someone. */
export async function notDuringDisplayAs(request: FastifyRequest, reply: FastifyReply) {
  if (request.session.displayAs) return reply.forbidden(DATA_PROTECTION_MESSAGES.displayAsReadOnly);
}

/** The status answer of an export; a ready one carries a fresh signed link for `holder`. */
export async function exportAnswer(
  links: ReturnType<typeof dataExportLinks>,
  row: DataExportRow,
  holder: { id: number; token_version: number },
) {
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    download_url: row.state === 'ready' ? await links.url(row.id, holder) : null,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

/**
 * One's own data (docs/product.md, "Your data: export and erasure"): ask for an export, follow it,
 * download its zip through the signed link the status hands out.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const links = dataExportLinks(fastify.config.sessionSecret, fastify.config.publicUrl);
  const tags = ['data protection'];

  fastify.post(
    '/me/exports',
    { onRequest: notDuringDisplayAs, schema: { tags, response: { 202: DataExportCreatedSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const id = await fastify.dataExports.request(request.session, request.session.actor.id);
      return reply.code(202).send({ id });
    },
  );

  fastify.get(
    '/me/exports/:id',
    {
      onRequest: notDuringDisplayAs,
      schema: { tags, params: DataExportParamsSchema, response: { 200: DataExportSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const me = request.session.actor;
      const row = await fastify.dataExports.find(request.params.id, me.id, me.id);
      if (!row) return reply.notFound(DATA_PROTECTION_MESSAGES.exportNotFound);
      return exportAnswer(links, row, me);
    },
  );

  // The link of download_url: the ticket stands for the bearer token (a navigation carries none).
  fastify.get(
    '/exports/:id/zip',
    {
      config: { public: true },
      schema: {
        tags,
        params: DataExportParamsSchema,
        querystring: DataExportZipQuerySchema,
        // The bytes, streamed (documented as binary; never serialised).
        response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const holder = await links.verify(request.query.ticket, id);
      const user = holder === null ? null : await fastify.usersRepository.findById(holder.userId);
      if (!holder || !user || user.token_version !== holder.tokenVersion) return reply.unauthorized(DATA_PROTECTION_MESSAGES.linkInvalid);
      const row = await fastify.dataExports.findForRequester(id, user.id);
      if (!row) return reply.notFound(DATA_PROTECTION_MESSAGES.exportNotFound);
      const stored = row.state === 'ready' && row.storage_key ? await fastify.exchangeStore.get(row.storage_key) : null;
      if (!stored) return reply.conflict(DATA_PROTECTION_MESSAGES.exportNotReady);
      await fastify.auditRepository.record(
        { actor: user, user, displayAs: false },
        { action: 'user.export-download', itemType: 'user', itemId: row.user_id, details: { export_id: row.id } },
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', `attachment; filename="data-export-${row.id}.zip"`)
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );
};
export default routes;
