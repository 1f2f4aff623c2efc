import { Readable } from 'node:stream';
import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { DownloadQuerySchema, DownloadTicketSchema, FILE_EXCHANGE_MESSAGES, IdParamSchema, isAdministrator } from '@hub/shared/api';
import type { Session } from '../../../../lib/auth/session';
import { downloadTickets, type DownloadPurpose } from '../../../../lib/file-exchange/download-tickets';
import { exchangeScope } from '../../../../lib/file-exchange/exchange-scope';
import { zipStream } from '../../../../lib/file-exchange/zip-stream';
import { errorResponses } from '../../error-responses';

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A file and a folder as a zip, streamed from the store; every download is audited. */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['files'];
  /** The bytes, streamed (documented as binary; never serialised). */
  const binary = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });
  const tickets = downloadTickets(fastify.config.sessionSecret);
  const baseUrl = `${fastify.config.publicUrl}/api/v2`;

  /**
   * The bearer token's session, or, without an Authorization header (the guard let it through), the
   * session of a valid ticket for this item and purpose, taken before no sign-out; else 401.
   */
  async function sessionOf(
    request: FastifyRequest,
    ticket: string | undefined,
    purpose: DownloadPurpose,
    itemId: number,
  ): Promise<Session> {
    const bearer = request.session as Session | null;
    if (bearer) return bearer;
    const claims = ticket ? await tickets.verify(ticket, purpose, itemId) : null;
    const user = claims === null ? null : await fastify.usersRepository.findById(claims.userId);
    if (!user || user.token_version !== claims!.tokenVersion) throw httpErrors.unauthorized('Missing or expired download ticket');
    // The item is bound by the ticket and checked again in the user's own scope (an administrator's: all).
    const session: Session = {
      user,
      actor: user,
      rights: user.rights,
      displayAs: false,
      entityId: isAdministrator(user.rights) ? null : user.entity_id,
      mainAdminPage: false,
    };
    return session;
  }

  const ticketRoute = { tags, params: IdParamSchema, response: { 200: DownloadTicketSchema, ...errorResponses(401, 403, 404) } };

  // Same rights as the downloads (another entity's item: 404; display-as: 403 by the API's hook).
  fastify.post('/file/:id/download-ticket', { schema: ticketRoute }, async (request) => {
    const row = await fastify.fileExchangeRepository.fileRow(exchangeScope(request.session), request.params.id);
    if (!row) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.fileNotFound);
    if (row.storage_key === null) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.notUploaded);
    const { user } = request.session;
    const ticket = await tickets.issue({ userId: user.id, tokenVersion: user.token_version, purpose: 'file', itemId: row.id });
    return { url: `${baseUrl}/file/${row.id}/download?ticket=${encodeURIComponent(ticket)}` };
  });

  fastify.post('/folder/:id/zip-ticket', { schema: ticketRoute }, async (request) => {
    const folder = await fastify.fileExchangeRepository.folder(exchangeScope(request.session), request.params.id);
    if (!folder) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
    const { user } = request.session;
    const ticket = await tickets.issue({ userId: user.id, tokenVersion: user.token_version, purpose: 'zip', itemId: folder.id });
    return { url: `${baseUrl}/folder/${folder.id}/zip?ticket=${encodeURIComponent(ticket)}` };
  });

  fastify.get(
    '/file/:id/download',
    {
      config: { ticket: true },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: DownloadQuerySchema,
        response: { 200: binary, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, request.query.ticket, 'file', request.params.id);
      const row = await fastify.fileExchangeRepository.fileRow(exchangeScope(session), request.params.id);
      if (!row) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.fileNotFound);
      const stored = row.storage_key === null ? null : await fastify.exchangeStore.get(row.storage_key);
      if (!stored) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.notUploaded);
      await fastify.auditRepository.record(session, {
        action: 'file.download',
        itemType: 'exchange_file',
        itemId: row.id,
        details: { name: row.name, size: stored.size, folder_id: row.folder_id, entity_id: row.entity_id },
      });
      // The original name, unless it carried a path: then the cleaned one.
      const name = /[/\\]/.test(row.name_original) ? row.name : row.name_original;
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', contentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );

  fastify.get(
    '/folder/:id/zip',
    {
      config: { ticket: true },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: DownloadQuerySchema,
        response: { 200: binary, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, request.query.ticket, 'zip', request.params.id);
      const folder = await fastify.fileExchangeRepository.folder(exchangeScope(session), request.params.id);
      if (!folder) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
      const rows = await fastify.fileExchangeRepository.storedFiles(folder.id);
      await fastify.auditRepository.record(session, {
        action: 'folder.download',
        itemType: 'exchange_folder',
        itemId: folder.id,
        details: { name: folder.name, files: rows.length, entity_id: folder.entity_id },
      });

      // Stored, not deflated: data files move at disk speed, and nothing is built before sending.
      // One entry at a time: the next file is opened only when the previous one is written. A
      // client that goes away ends the iteration, which closes the open file.
      const store = fastify.exchangeStore;
      const entries = rows.map((row) => ({
        name: row.name,
        date: new Date(row.updated_at),
        open: async () => (await store.get(row.storage_key!))?.stream ?? null,
      }));
      const archive = Readable.from(zipStream(entries), { objectMode: false });
      archive.on('error', (error) => request.log.error({ err: error }, 'zip stream failed'));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(`${folder.name}.zip`))
        .header('Cache-Control', 'private, no-store')
        .send(archive);
    },
  );
};
export default routes;
