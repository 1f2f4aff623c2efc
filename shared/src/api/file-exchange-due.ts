import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/*
 * Collectmaster requests with due dates (docs/product.md §14). The staff ask for a folder's files,
 * or for one expected file, by a date; the customer sees what is due and by when, and is reminded
 * 3 days before, on the day and once overdue, until what was asked for arrives. The days' helpers
 * (dueStatus, daysUntil, localDay) are in ./file-exchange-paths.ts, without schemas: the home
 * widget uses them.
 */

/** PUT folder/{id}/due, PUT file/{id}/due: the date (YYYY-MM-DD), or null to withdraw the request. */
export const DueBodySchema = Type.Object({ due_on: Nullable(Type.String({ format: 'date' })) });
export type DueBody = Static<typeof DueBodySchema>;

/** An open request, with where it is: a folder's files, or one expected file. */
export const DueRequestSchema = Type.Object({
  type: Type.Union([Type.Literal('folder'), Type.Literal('file')]),
  /** The folder's or the file's id. */
  id: Type.Integer(),
  /** The folder's name, or the expected file's. */
  name: Type.String(),
  due_on: Type.String({ format: 'date' }),
  folder_id: Type.Integer(),
  folder: Type.String(),
  collection_id: Type.Integer(),
  project: Type.String(),
  entity: Type.String(),
  entity_slug: Type.String(),
});
export type DueRequest = Static<typeof DueRequestSchema>;

export const DUE_REQUESTS_MAX = 100;
export const DueRequestsQuerySchema = Type.Object({
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: DUE_REQUESTS_MAX, default: 5 })),
});

/** GET due-requests?n=: the open requests the caller sees, soonest due first (n default 5, at most 100). */
export const DueRequestsSchema = Type.Object({ items: Type.Array(DueRequestSchema) });
export type DueRequests = Static<typeof DueRequestsSchema>;
