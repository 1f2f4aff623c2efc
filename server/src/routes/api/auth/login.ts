import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@hub/shared/api';
import type { Audience } from '../../../plugins/app/auth/access-tokens';
import type { Session } from '../../../lib/auth/session';
import { IdTokenError } from '../../../plugins/app/auth/id-token-verifier';
import type { ProviderRecord } from '../../../plugins/app/providers/providers-repository';

/** A sign-in refused with its status and the message the caller shows. */
export class LoginError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { statusCode: this.statusCode, error: STATUS_CODES[this.statusCode] ?? 'Error', message: this.message };
  }
}

/**
 * The exchange shared by POST /api/auth/login and POST /api/v2/auth/login: a verified identity
 * token of a known provider, the configured email claim, a known user → our access token.
 */
export async function exchangeIdToken(
  fastify: FastifyInstance,
  idToken: string,
  provider: ProviderRecord,
  audience: Audience,
): Promise<string> {
  let claims;
  try {
    claims = await fastify.idTokenVerifier.verify(idToken, provider);
  } catch (error) {
    if (error instanceof IdTokenError) throw new LoginError(error.statusCode, error.message);
    throw error;
  }
  const email = claims[provider.user_id_field];
  if (typeof email !== 'string' || email.trim() === '') throw new LoginError(401, AUTH_MESSAGES.noEmail);
  const user = await fastify.usersRepository.findByEmail(email);
  if (!user) throw new LoginError(403, AUTH_MESSAGES.loginFailed);
  await fastify.auditRepository.record(
    { actor: user, user, displayAs: false },
    { action: 'login', itemType: 'user', itemId: user.id, details: { provider: provider.name, api: audience } },
  );
  return fastify.accessTokens.issue(user.id, audience, user.token_version);
}

/**
 * Sign-out (POST /api/auth/logout, POST /api/v2/auth/logout): the signed-in person's token version
 * moves on, so every access token they hold, for both APIs, is refused on every process. During
 * display-as it is the administrator's own sessions that end, never the displayed user's.
 */
export async function endOwnSessions(fastify: FastifyInstance, session: Session): Promise<void> {
  await fastify.usersRepository.endSessions(session.actor.id);
  await fastify.auditRepository.record(session, { action: 'logout', itemType: 'user', itemId: session.actor.id });
}
