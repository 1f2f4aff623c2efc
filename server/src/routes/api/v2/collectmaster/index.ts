import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { httpErrors } from '@fastify/sensible';
import {
  CollectionBodySchema,
  CollectionListSchema,
  CollectionSchema,
  FILE_EXCHANGE_MESSAGES,
  FileExchangeCountersSchema,
  FileExchangeEntityListSchema,
  FileExchangeFileListSchema,
  FileExchangeLimitsSchema,
  FileSchema,
  FileStateBodySchema,
  FolderBodySchema,
  FolderDetailSchema,
  FolderListSchema,
  FolderSchema,
  IdParamSchema,
  LatestFilesQuerySchema,
  LatestFilesSchema,
  MissingFileBodySchema,
  PageQuerySchema,
  RenameFileBodySchema,
  SlugParamSchema,
} from '@hub/shared/api';
import { exchangeScope, requireStaff } from '../../../../lib/file-exchange/exchange-scope';
import { staffWrites } from '../../../../lib/file-exchange/staff-writes';
import { errorResponses } from '../../error-responses';
import { notifyStateChange } from './notify';

const tags = ['files'];

/** Collectmaster's reads and the staff's writes (the route list is in shared/src/api/file-exchange.ts). */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.fileExchangeRepository;
  const writes = staffWrites(fastify.db, fastify.auditRepository);
  const page = (query: { page?: number; page_size?: number }) => [query.page ?? 1, query.page_size ?? 20] as const;

  async function collectionOr404(request: { session: Parameters<typeof exchangeScope>[0] }, id: number) {
    const collection = await repository.collection(exchangeScope(request.session), id);
    if (!collection) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.collectionNotFound);
    return collection;
  }
  async function folderOr404(request: { session: Parameters<typeof exchangeScope>[0] }, id: number) {
    const folder = await repository.folder(exchangeScope(request.session), id);
    if (!folder) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
    return folder;
  }
  /** The folder may be seen, else 404: for a route that needs no more of it (its description counts its files). */
  async function visibleFolderOr404(request: { session: Parameters<typeof exchangeScope>[0] }, id: number) {
    if (!(await repository.folderVisible(exchangeScope(request.session), id)))
      throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.folderNotFound);
  }
  async function fileOr404(request: { session: Parameters<typeof exchangeScope>[0] }, id: number) {
    const file = await repository.fileRow(exchangeScope(request.session), id);
    if (!file) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.fileNotFound);
    return file;
  }
  /** Removes the bytes of deleted rows once their deletion is committed; a failure is logged, not answered. */
  async function removeBytes(keys: readonly string[]) {
    for (const key of keys) {
      await fastify.exchangeStore.delete(key).catch((error: unknown) => fastify.log.error({ err: error, key }, 'stored file not removed'));
    }
  }

  // An administrator or the publisher's staff see every entity; anyone else their own.
  fastify.get(
    '/entities',
    { schema: { tags, querystring: PageQuerySchema, response: { 200: FileExchangeEntityListSchema, ...errorResponses(401, 403) } } },
    async (request) => repository.entities(exchangeScope(request.session), ...page(request.query)),
  );

  fastify.get(
    '/entity/:slug/collections',
    {
      schema: {
        tags,
        params: SlugParamSchema,
        querystring: PageQuerySchema,
        response: { 200: CollectionListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const entity = await repository.entityBySlug(exchangeScope(request.session), request.params.slug);
      if (!entity) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.entityNotFound);
      return repository.collections(entity.id, ...page(request.query));
    },
  );

  fastify.get(
    '/collection/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: CollectionSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => collectionOr404(request, request.params.id),
  );

  fastify.get(
    '/collection/:id/folders',
    {
      schema: {
        tags,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: FolderListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await collectionOr404(request, request.params.id);
      return repository.folders(request.params.id, ...page(request.query));
    },
  );

  fastify.get(
    '/folder/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: FolderDetailSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const { entity_id: _entity, ...folder } = await folderOr404(request, request.params.id);
      return { ...folder, collection: await collectionOr404(request, folder.collection_id) };
    },
  );

  fastify.get(
    '/folder/:id/files',
    {
      schema: {
        tags,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: FileExchangeFileListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await visibleFolderOr404(request, request.params.id);
      return repository.files(request.params.id, ...page(request.query));
    },
  );

  fastify.get(
    '/latest-files',
    { schema: { tags, querystring: LatestFilesQuerySchema, response: { 200: LatestFilesSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => ({ items: await repository.latest(exchangeScope(request.session), request.query.n ?? 5) }),
  );

  fastify.get(
    '/counters',
    { schema: { tags, response: { 200: FileExchangeCountersSchema, ...errorResponses(401, 403) } } },
    async (request) => ({
      uploaded: await repository.uploadedCount(exchangeScope(request.session)),
    }),
  );

  fastify.get('/limits', { schema: { tags, response: { 200: FileExchangeLimitsSchema, ...errorResponses(401, 403) } } }, async () => ({
    max_file_size: fastify.config.filesMaxSize ?? 5 * 1024 * 1024 * 1024,
  }));

  // The staff's writes: contributor or more, on an entity in scope (another's answers 404).
  fastify.post(
    '/entity/:id/collections',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: CollectionBodySchema,
        response: { 201: CollectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireStaff(request.session);
      const entity = await repository.entityById(exchangeScope(request.session), request.params.id);
      if (!entity) throw httpErrors.notFound(FILE_EXCHANGE_MESSAGES.entityNotFound);
      const id = await writes.createCollection(request.session, entity.id, request.body.project);
      return reply.code(201).send(await collectionOr404(request, id));
    },
  );

  fastify.put(
    '/collection/:id',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: CollectionBodySchema,
        response: { 200: CollectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      await collectionOr404(request, request.params.id);
      await writes.renameCollection(request.session, request.params.id, request.body.project);
      return collectionOr404(request, request.params.id);
    },
  );

  fastify.delete(
    '/collection/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      requireStaff(request.session);
      await collectionOr404(request, request.params.id);
      await removeBytes(await writes.deleteCollection(request.session, request.params.id));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/collection/:id/folders',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: FolderBodySchema,
        response: { 201: FolderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireStaff(request.session);
      await collectionOr404(request, request.params.id);
      const id = await writes.createFolder(request.session, request.params.id, request.body.name);
      const { entity_id: _entity, ...folder } = await folderOr404(request, id);
      return reply.code(201).send(folder);
    },
  );

  fastify.put(
    '/folder/:id',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: FolderBodySchema,
        response: { 200: FolderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      const current = await folderOr404(request, request.params.id);
      await writes.renameFolder(request.session, current.id, current.collection_id, request.body.name);
      const { entity_id: _entity, ...folder } = await folderOr404(request, current.id);
      return folder;
    },
  );

  fastify.delete(
    '/folder/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      requireStaff(request.session);
      await visibleFolderOr404(request, request.params.id);
      await removeBytes(await writes.deleteFolder(request.session, request.params.id));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/folder/:id/files',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: MissingFileBodySchema,
        response: { 201: FileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireStaff(request.session);
      await visibleFolderOr404(request, request.params.id);
      const { name, comment, due_on: dueOn } = request.body;
      const id = await writes.createMissingFile(request.session, request.params.id, name, comment ?? null, dueOn ?? null);
      return reply.code(201).send(repository.toFile(await fileOr404(request, id)));
    },
  );

  fastify.put(
    '/file/:id',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: RenameFileBodySchema,
        response: { 200: FileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      const current = await fileOr404(request, request.params.id);
      await writes.renameFile(request.session, current.id, current.folder_id, request.body.name);
      return repository.toFile(await fileOr404(request, current.id));
    },
  );

  fastify.delete(
    '/file/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      requireStaff(request.session);
      await fileOr404(request, request.params.id);
      await removeBytes(await writes.deleteFile(request.session, request.params.id));
      return reply.code(204).send(null);
    },
  );

  fastify.put(
    '/file/:id/state',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: FileStateBodySchema,
        response: { 200: FileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireStaff(request.session);
      await fileOr404(request, request.params.id);
      await writes.setState(request.session, request.params.id, request.body.state, request.body.comment ?? null);
      const row = await fileOr404(request, request.params.id);
      await notifyStateChange(fastify, row);
      return repository.toFile(row);
    },
  );
};
export default routes;
