import { Type, type Static } from 'typebox';
import { EntitySummarySchema, ImageSchema, Nullable } from './common';

export const ContactSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  description: Nullable(Type.String()),
  profile_image: Nullable(ImageSchema),
});
export type Contact = Static<typeof ContactSchema>;

/** The user of docs/product.md §3 as GET /api/auth/user and GET /api/user/{id} answer it. */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  /** Role names (see roles.ts); cumulative. */
  rights: Type.Array(Type.String()),
  welcome_message: Nullable(Type.String()),
  profile_image: Nullable(ImageSchema),
  contact_enable: Type.Boolean(),
  contacts: Type.Array(ContactSchema),
  clients: Type.Array(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  entity: Nullable(EntitySummarySchema),
  open_discussion_counter: Type.Integer(),
  close_discussion_counter: Type.Integer(),
  pending_message_counter: Type.Integer(),
  pbi_groups: Type.Array(Type.String()),
});
export type User = Static<typeof UserSchema>;
