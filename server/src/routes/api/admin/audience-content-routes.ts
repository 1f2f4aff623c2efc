import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import {
  AudienceUserListSchema,
  AudienceUserQuerySchema,
  IdParamSchema,
  ItemUserParamsSchema,
  PageQuerySchema,
  PUBLICATION,
} from '@hub/shared/api';
import type { AudienceContentAdmin } from '../../../lib/content/audience-content-admin';
import { errorResponses } from '../error-responses';
import { versionRoutes } from './content-version-routes';

const errors = errorResponses(400, 401, 403, 404, 409);

export interface AudienceContentSchemas {
  item: TSchema;
  list: TSchema;
  listQuery: TSchema;
  createBody: TSchema;
  updateBody: TSchema;
}

/**
 * The admin routes of a publishable, audience-scoped content (advices, dashboards) under
 * `/<name>`: list, create, read, update, delete, publish and unpublish, and its recipients
 * (`sources.users`), plus `/users/:id/<name>-with-sources`. Rights come from the admin scope
 * (contributor or more) and from the repository: another entity's items are 404 (ids do not leak).
 */
export function audienceContentRoutes<S extends AudienceContentSchemas>(options: {
  /** The plural name, as in the URLs and the OpenAPI tag. */
  name: string;
  /** The kind, as its versions and audit lines name it. */
  itemType: 'advice' | 'dashboard';
  schemas: S;
  /** The message of the 404 of a missing item. */
  notFound: string;
  repository: (
    fastify: FastifyInstance,
  ) => AudienceContentAdmin<Static<S['item']>, Static<S['list']>, Static<S['listQuery']>, Static<S['createBody']>, Static<S['updateBody']>>;
}): FastifyPluginAsyncTypebox {
  const { name, schemas, notFound } = options;
  // The type provider cannot resolve the static type of a generic schema (it reads `unknown`): the
  // three casts below name what the schemas have just validated.
  return async (fastify) => {
    const items = options.repository(fastify);
    const tags = ['admin', name];

    fastify.get(
      `/${name}`,
      { schema: { tags, querystring: schemas.listQuery, response: { 200: schemas.list, ...errors } } },
      async (request) => items.adminList(request.query as Static<S['listQuery']>, request.session),
    );

    fastify.post(
      `/${name}`,
      { schema: { tags, body: schemas.createBody, response: { 201: schemas.item, ...errors } } },
      async (request, reply) => reply.code(201).send(await items.create(request.body as Static<S['createBody']>, request.session)),
    );

    fastify.get(
      `/${name}/:id`,
      { schema: { tags, params: IdParamSchema, response: { 200: schemas.item, ...errors } } },
      async (request, reply) => {
        const item = await items.adminGet(request.params.id, request.session);
        return item ?? reply.notFound(notFound);
      },
    );

    fastify.put(
      `/${name}/:id`,
      { schema: { tags, params: IdParamSchema, body: schemas.updateBody, response: { 200: schemas.item, ...errors } } },
      async (request) => items.update(request.params.id, request.body as Static<S['updateBody']>, request.session),
    );

    fastify.delete(
      `/${name}/:id`,
      { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
      async (request, reply) => {
        await items.remove(request.params.id, request.session);
        return reply.code(204).send(null);
      },
    );

    fastify.put(
      `/${name}/:id/publish`,
      { schema: { tags, params: IdParamSchema, response: { 200: schemas.item, ...errors } } },
      async (request) => items.setStatus(request.params.id, PUBLICATION.published, request.session),
    );

    fastify.put(
      `/${name}/:id/unpublish`,
      { schema: { tags, params: IdParamSchema, response: { 200: schemas.item, ...errors } } },
      async (request) => items.setStatus(request.params.id, PUBLICATION.draft, request.session),
    );

    fastify.get(
      `/${name}/:id/users`,
      {
        schema: { tags, params: IdParamSchema, querystring: AudienceUserQuerySchema, response: { 200: AudienceUserListSchema, ...errors } },
      },
      async (request, reply) => {
        const users = await items.recipients(request.params.id, request.session, request.query);
        return users ?? reply.notFound(notFound);
      },
    );

    for (const change of ['set-unique', 'add', 'remove'] as const) {
      fastify.put(
        `/${name}/:id/users/${change}/:userId`,
        { schema: { tags, params: ItemUserParamsSchema, response: { 200: schemas.item, ...errors } } },
        async (request) => items.changeRecipients(request.params.id, change, request.params.userId, request.session),
      );
    }

    fastify.put(
      `/${name}/:id/users/clear`,
      { schema: { tags, params: IdParamSchema, response: { 200: schemas.item, ...errors } } },
      async (request) => items.changeRecipients(request.params.id, 'clear', null, request.session),
    );

    versionRoutes(fastify, { name, itemType: options.itemType, item: schemas.item, notFound, find: items.adminGet });

    fastify.get(
      `/users/:id/${name}-with-sources`,
      { schema: { tags, params: IdParamSchema, querystring: PageQuerySchema, response: { 200: schemas.list, ...errors } } },
      async (request, reply) => {
        const list = await items.listForUser(request.params.id, request.query, request.session);
        return list ?? reply.notFound('User not found');
      },
    );
  };
}
