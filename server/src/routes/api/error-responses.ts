import { ErrorResponseSchema } from '@hub/shared/api';

/** The error answers a route documents: each status with the one wire shape of errors (Fastify's own). */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<Status, typeof ErrorResponseSchema>;
}
