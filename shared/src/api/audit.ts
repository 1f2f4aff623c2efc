import { Type, type Static } from 'typebox';
import { ListOf, Nullable, PageQuerySchema } from './common';

/** One line of the audit log: who, as whom, what, which item, when. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor: Nullable(Type.Object({ id: Type.Integer(), email: Type.String() })),
  display_as_user: Nullable(Type.Object({ id: Type.Integer(), email: Type.String() })),
  action: Type.String(),
  item_type: Nullable(Type.String()),
  item_id: Nullable(Type.Integer()),
  at: Type.String(),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({
    item_type: Type.Optional(Type.String({ maxLength: 50 })),
    actor_id: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);
export type AuditQuery = Static<typeof AuditQuerySchema>;
export const AuditListSchema = ListOf(AuditEntrySchema);
export type AuditList = Static<typeof AuditListSchema>;
