import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, IdParamSchema, isAdministrator, USER_MESSAGES, UserSchema, type User } from '@hub/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../error-responses';

/**
 * What a user who is neither the caller nor managed by them may see of someone: who they are,
 * not their consultants, clients, counters, groups or welcome message.
 */
function publicView(user: User, callerId: number): User {
  return {
    ...user,
    welcome_message: null,
    contacts: [],
    clients: user.clients.filter((client) => client.id === callerId),
    open_discussion_counter: 0,
    close_discussion_counter: 0,
    pending_message_counter: 0,
    pbi_groups: [],
  };
}

/** "My" profile image is the signed-in person's own: an administrator displaying a user only looks. */
async function notDuringDisplayAs(request: FastifyRequest, reply: FastifyReply) {
  if (request.session.displayAs) return reply.forbidden(USER_MESSAGES.displayAsReadOnly);
}

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  const errors = errorResponses(400, 401, 403, 404);

  // 404 rather than 403 for someone the caller may not read: whether the id exists is not their business.
  fastify.get(
    '/user/:id',
    {
      schema: { tags: ['users'], params: IdParamSchema, response: { 200: UserSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema } },
    },
    async (request, reply) => {
      const { session } = request;
      const access = await fastify.usersRepository.readAccess(session, request.params.id);
      const user = access === null ? null : await fastify.usersRepository.profile(request.params.id);
      if (!user) return reply.notFound(USER_MESSAGES.notFound);
      return access === 'full' ? user : publicView(user, session.user.id);
    },
  );

  fastify.put(
    '/user/set-my-profile-image/:id',
    { onRequest: notDuringDisplayAs, schema: { tags: ['users'], params: IdParamSchema, response: { 200: UserSchema, ...errors } } },
    async (request, reply) => {
      // One's own pictures only (an administrator may use any): another's would hand over its URL key.
      const outcome = await fastify.usersRepository.setProfileImage(
        request.session.user.id,
        request.params.id,
        !isAdministrator(request.session.rights),
      );
      if (outcome === 'no-image') return reply.notFound(USER_MESSAGES.imageNotFound);
      if (outcome === 'not-profile') return reply.badRequest(USER_MESSAGES.notProfileImage);
      return (await fastify.usersRepository.profile(request.session.user.id))!;
    },
  );

  fastify.put(
    '/user/unset-my-profile-image',
    { onRequest: notDuringDisplayAs, schema: { tags: ['users'], response: { 200: UserSchema, ...errors } } },
    async (request) => {
      await fastify.usersRepository.setProfileImage(request.session.user.id, null);
      return (await fastify.usersRepository.profile(request.session.user.id))!;
    },
  );
};
export default routes;
