import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminRemoteListSchema,
  ReleaseCreateSchema,
  RELEASE_VERSION_MAX,
  RELEASE_VERSION_PATTERN,
  ReleaseTokenCreateSchema,
  ReleaseTokenCreatedSchema,
  REMOTE_MESSAGES,
  REMOTE_NAMES,
  RemoteStatusSchema,
  RolloutUpdateSchema,
  type RemoteName,
} from '@hub/shared/api';
import { Readable, Transform } from 'node:stream';
import type { RegistryCaller } from '../../../../plugins/app/remotes/remotes-repository';
import { RELEASE_FILE_MAX_BYTES, releaseFileKey, releaseFilePath } from '../../../../lib/remotes/release-files';
import { readReleaseManifest } from '../../../../lib/remotes/release-manifest';
import { errorResponses } from '../../error-responses';
import { requireRole } from '../../require-role';

/**
 * A remote's name in a path: any text, so that an unknown remote is a 404 (the known ones are
 * REMOTE_NAMES), not a schema's 400.
 */
const NameParamSchema = Type.Object({ name: Type.String({ maxLength: 100, description: `One of ${REMOTE_NAMES.join(', ')}` }) });
const FileParamsSchema = Type.Object({
  name: Type.String({ maxLength: 100 }),
  version: Type.String({ minLength: 1, maxLength: RELEASE_VERSION_MAX, pattern: RELEASE_VERSION_PATTERN }),
  '*': Type.String({ maxLength: 300 }),
});
const TokenParamsSchema = Type.Object({ name: Type.String({ maxLength: 100 }), id: Type.Integer({ minimum: 1 }) });

const isRemote = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/**
 * The remotes registry's console and release calls (docs/releasing.md), for administrators. The
 * release calls (register a release, move the roll-out) also take the remote's own release token
 * (`Authorization: Bearer hubrt_…`, see session-guard.ts): another remote's token is refused (403),
 * and promoting to stable needs a token allowed to promote.
 */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['remotes'];
  const administrator = requireRole('administrator');
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { releaseToken: [] }];

  /** A person: an administrator (checked before anything else). A token: checked once the path is read. */
  const adminOrToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.releaseToken) return;
    return administrator(request, reply);
  };
  /** The remote of the path: unknown, 404; a token of another remote, 403. */
  const remoteOf = (request: FastifyRequest, reply: FastifyReply): RemoteName | null => {
    const { name } = request.params as { name: string };
    if (!isRemote(name)) {
      void reply.notFound(`No remote is named ${JSON.stringify(name)}`);
      return null;
    }
    if (request.releaseToken && request.releaseToken.remote !== name) {
      void reply.forbidden(REMOTE_MESSAGES.tokenOtherRemote);
      return null;
    }
    return name;
  };
  const callerOf = (request: FastifyRequest): RegistryCaller =>
    request.releaseToken ? { token: request.releaseToken } : { session: request.session };
  /** The remote's state after a write: a token's team sees its remote, not the other teams' tokens. */
  const statusFor = async (request: FastifyRequest, name: RemoteName) => {
    const [status] = await fastify.remotesRepository.status(name);
    return request.releaseToken ? { ...status!, tokens: [] } : status!;
  };

  fastify.get(
    '/remotes',
    { onRequest: administrator, schema: { tags, response: { 200: AdminRemoteListSchema, ...errorResponses(401, 403) } } },
    async () => ({ remotes: await fastify.remotesRepository.status() }),
  );

  fastify.post(
    '/remotes/:name/releases',
    {
      onRequest: adminOrToken,
      config: { releaseToken: true },
      schema: {
        tags,
        security,
        description:
          'Registers a release: the server reads its manifest first and refuses one that does not answer or whose contract version the shell cannot mount (422).',
        params: NameParamSchema,
        body: ReleaseCreateSchema,
        response: { 201: RemoteStatusSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const name = remoteOf(request, reply);
      if (!name) return reply;
      const { version, manifest_url, note } = request.body;
      if (await fastify.remotesRepository.releaseExists(name, version)) return reply.conflict(REMOTE_MESSAGES.versionTaken);
      const manifest = await readReleaseManifest(fastify, manifest_url);
      await fastify.remotesRepository.createRelease(
        name,
        { version, manifest_url, contract_version: manifest.contractVersion, note: note?.trim() ?? '' },
        callerOf(request),
      );
      return reply.code(201).send(await statusFor(request, name));
    },
  );

  fastify.put(
    '/remotes/:name/rollout',
    {
      onRequest: adminOrToken,
      config: { releaseToken: true },
      schema: {
        tags,
        security,
        description:
          'Starts, moves, promotes or stops a roll-out: `candidate` names the release given to `share` % of people and to the companies of `entities` (`null` stops it); `stable` promotes (a token needs the right to promote).',
        params: NameParamSchema,
        body: RolloutUpdateSchema,
        response: { 200: RemoteStatusSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const name = remoteOf(request, reply);
      if (!name) return reply;
      if (request.releaseToken && request.body.stable !== undefined && !request.releaseToken.may_promote) {
        return reply.forbidden(REMOTE_MESSAGES.tokenMayNotPromote);
      }
      await fastify.remotesRepository.updateRollout(name, request.body, callerOf(request));
      return statusFor(request, name);
    },
  );

  // A release's files, one by one, into the portal's own store (before the release is registered:
  // once it is, its files never change). The body is the file's bytes, whatever its type.
  await fastify.register(async (scope) => {
    const files = scope.withTypeProvider<TypeBoxTypeProvider>();
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    files.put(
      '/remotes/:name/releases/:version/files/*',
      {
        onRequest: adminOrToken,
        config: { releaseToken: true },
        schema: {
          tags,
          security,
          description: `Uploads one file of a release that is not registered yet, at most ${RELEASE_FILE_MAX_BYTES / 1024 / 1024} MB; it is served at /remotes/{name}/releases/{version}/{path}.`,
          params: FileParamsSchema,
          response: { 201: Type.Object({ path: Type.String(), size: Type.Integer() }), ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const name = remoteOf(request, reply);
        if (!name) return reply;
        const { version } = request.params;
        const path = releaseFilePath(request.params['*']);
        if (!path) {
          return reply.badRequest("path: A release file's path is made of folders and a name of letters, digits, '.', '_', '+' and '-'");
        }
        if (Number(request.headers['content-length'] ?? 0) > RELEASE_FILE_MAX_BYTES)
          return reply.payloadTooLarge(REMOTE_MESSAGES.fileTooLarge);
        if (await fastify.remotesRepository.releaseExists(name, version)) return reply.conflict(REMOTE_MESSAGES.releaseFilesFrozen);
        let size = 0;
        const bounded = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(size > RELEASE_FILE_MAX_BYTES ? fastify.httpErrors.payloadTooLarge(REMOTE_MESSAGES.fileTooLarge) : null, chunk);
          },
        });
        const body = (request.body as Readable | undefined) ?? Readable.from([]);
        body.on('error', (error) => bounded.destroy(error));
        const stored = await fastify.releaseStore.put(releaseFileKey(name, version, path), body.pipe(bounded));
        await fastify.remotesRepository.recordUpload(name, { version, path, size: stored.size }, callerOf(request));
        return reply.code(201).send({ path, size: stored.size });
      },
    );
  });

  fastify.post(
    '/remotes/:name/tokens',
    {
      onRequest: administrator,
      schema: {
        tags,
        description: 'Creates a release token for one remote: its text is in this answer only (the server keeps its SHA-256).',
        params: NameParamSchema,
        body: ReleaseTokenCreateSchema,
        response: { 201: ReleaseTokenCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const name = remoteOf(request, reply);
      if (!name) return reply;
      if (request.session.displayAs) return reply.forbidden('Display-as only looks');
      return reply.code(201).send(await fastify.remotesRepository.createToken(name, request.body, request.session));
    },
  );

  fastify.delete(
    '/remotes/:name/tokens/:id',
    {
      onRequest: administrator,
      schema: { tags, params: TokenParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const name = remoteOf(request, reply);
      if (!name) return reply;
      if (!(await fastify.remotesRepository.revokeToken(name, request.params.id, request.session))) {
        return reply.notFound(REMOTE_MESSAGES.tokenNotFound);
      }
      return reply.code(204).send(null);
    },
  );
};
export default routes;
