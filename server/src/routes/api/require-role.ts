import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role } from '@hub/shared/api';

/**
 * An onRequest hook for a route or a scope: the displayed user must hold `role` or a role above it
 * (docs/product.md §6: rights are checked on the displayed user, so an administrator displaying a plain user
 * is refused what that user would be refused).
 */
export function requireRole(role: Role) {
  return async function roleGuard(request: FastifyRequest, reply: FastifyReply) {
    if (!hasRole(request.session.rights, role)) return reply.forbidden(`This needs the ${role} role`);
  };
}
