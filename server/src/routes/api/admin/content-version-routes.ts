import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { VersionListQuerySchema, VersionListSchema, VersionParamsSchema, VersionSchema, IdParamSchema } from '@hub/shared/api';
import type { Session } from '../../../lib/auth/session';
import { getVersion, listVersions, restoreVersion, VERSIONED } from '../../../lib/content/versions';
import { errorResponses } from '../error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * `/<name>/:id/versions`, `…/versions/:version` and `…/versions/:version/restore` of a governed
 * content. `find` is the kind's console read: an item the caller may not manage is 404, and so is
 * its history (ids do not leak).
 */
export function versionRoutes(
  fastify: FastifyInstance,
  options: {
    name: string;
    itemType: keyof typeof VERSIONED;
    item: TSchema;
    notFound: string;
    find: (id: number, session: Session) => Promise<unknown>;
  },
): void {
  const { name, notFound, find } = options;
  const versioned = VERSIONED[options.itemType];
  const tags = ['admin', name];
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    `/${name}/:id/versions`,
    { schema: { tags, params: IdParamSchema, querystring: VersionListQuerySchema, response: { 200: VersionListSchema, ...errors } } },
    async (request, reply) => {
      if (!(await find(request.params.id, request.session))) return reply.notFound(notFound);
      return listVersions(fastify.db, versioned, request.params.id, request.query);
    },
  );

  app.get(
    `/${name}/:id/versions/:version`,
    { schema: { tags, params: VersionParamsSchema, response: { 200: VersionSchema, ...errors } } },
    async (request, reply) => {
      const { id, version } = request.params;
      if (!(await find(id, request.session))) return reply.notFound(notFound);
      return (await getVersion(fastify.db, versioned, id, version)) ?? reply.notFound('Version not found');
    },
  );

  app.post(
    `/${name}/:id/versions/:version/restore`,
    { schema: { tags, params: VersionParamsSchema, response: { 200: options.item, ...errors } } },
    async (request, reply) => {
      const { id, version } = request.params;
      const { session } = request;
      if (!(await find(id, session))) return reply.notFound(notFound);
      await restoreVersion(fastify, versioned, id, version, session);
      return find(id, session);
    },
  );
}
