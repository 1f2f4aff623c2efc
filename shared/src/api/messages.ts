/** Messages of docs/product.md §5 that the server answers on sign-in (kept apart from the schemas: no typebox in the browser for them). */
export const AUTH_MESSAGES = {
  noEmail: 'Invalid OIDC token, no email provided',
  loginFailed: 'Login failed ! Please contact an administrator.',
} as const;
