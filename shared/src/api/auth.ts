import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';

export const ConnectionKindSchema = Type.Union([
  Type.Literal('default'),
  Type.Literal('customized'),
  Type.Literal('external'),
  Type.Literal('internal'),
  Type.Literal('company-sso'),
]);
export type ConnectionKind = Static<typeof ConnectionKindSchema>;

/** A connection offered on the sign-in page. */
export const ProviderSummarySchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: ConnectionKindSchema,
});
export type ProviderSummary = Static<typeof ProviderSummarySchema>;
export const ProviderListSchema = Type.Object({ providers: Type.Array(ProviderSummarySchema) });
export type ProviderList = Static<typeof ProviderListSchema>;

/** Identity provider description of docs/product.md §3, answered by GET /api/auth/provider/{name}. */
export const ProviderSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: ConnectionKindSchema,
  iss: Type.String(),
  client_id: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  end_session_endpoint: Type.Union([Type.String(), Type.Null()]),
  /** The identity-token claim that holds the user's email. */
  user_id_field: Type.String(),
});
export type Provider = Static<typeof ProviderSchema>;

export const ProviderParamsSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.providerName }) });

/** POST /api/auth/login */
export const LoginBodySchema = Type.Object({
  token: Type.String({ minLength: 1 }),
  provider: Type.String({ minLength: 1 }),
});

/** POST /api/v2/auth/login */
export const FilesLoginBodySchema = Type.Object({ token: Type.String({ minLength: 1 }) });

/** Login response of docs/product.md §3. */
export const LoginResponseSchema = Type.Object({
  status: Type.Literal('success'),
  access_token: Type.String(),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** POST /api/auth/check-display-as */
export const CheckDisplayAsBodySchema = Type.Object({ display_as_user_id: Type.Integer({ minimum: 1 }) });
export const CheckDisplayAsResponseSchema = Type.Object({
  status: Type.Literal('success'),
  display_as_user: Type.Object({ id: Type.Integer() }),
});
export type CheckDisplayAsResponse = Static<typeof CheckDisplayAsResponseSchema>;
