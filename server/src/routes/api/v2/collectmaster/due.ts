import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { httpErrors } from '@fastify/sensible';
import {
  DueBodySchema,
  DueRequestsQuerySchema,
  DueRequestsSchema,
  FILE_EXCHANGE_MESSAGES,
  FileSchema,
  FolderSchema,
  IdParamSchema,
} from '@hub/shared/api';
import { exchangeScope, requireStaff } from '../../../../lib/file-exchange/exchange-scope';
import { dueDates, openDueRequests } from '../../../../lib/file-exchange/due-dates';
import { errorResponses } from '../../error-responses';

const tags = ['files'];

/**
 * Collectmaster requests with due dates (docs/product.md §14): the staff set a date on a folder or
 * a missing file; everyone lists the open requests of what they see (the home widget, the pages).
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.fileExchangeRepository;
  const writes = dueDates(fastify.db, fastify.auditRepository);

  fastify.get(
    '/due-requests',
    { schema: { tags, querystring: DueRequestsQuerySchema, response: { 200: DueRequestsSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => ({ items: await openDueRequests(fastify.db, exchangeScope(request.session), request.query.n ?? 5) }),
  );

  fastify.put(
    '/folder/:id/due',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: DueBodySchema,
        response: { 200: FolderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      const scope = exchangeScope(request.session);
      if (!(await repository.folderVisible(scope, request.params.id))) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
      await writes.setFolderDue(request.session, request.params.id, request.body.due_on);
      const { entity_id: _entity, ...folder } = (await repository.folder(scope, request.params.id))!;
      return folder;
    },
  );

  fastify.put(
    '/file/:id/due',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: DueBodySchema,
        response: { 200: FileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      const scope = exchangeScope(request.session);
      if (!(await repository.fileRow(scope, request.params.id))) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.fileNotFound);
      await writes.setFileDue(request.session, request.params.id, request.body.due_on);
      return repository.toFile((await repository.fileRow(scope, request.params.id))!);
    },
  );
};
export default routes;
