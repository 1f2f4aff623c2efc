import type { FastifyInstance } from 'fastify';
import { HEADERS } from '@hub/shared/api';
import { testDb } from '../test-support/helper';
import { filesLoginAs } from '../test-support/files-caller';
import { loginAs, type TestIdp } from '../test-support/test-idp';

/** The callers of the authorization matrix, in this order in every expectation row. */
export const PERSONAS = [
  'anonymous',
  'user',
  'otherEntityUser',
  'contributor',
  'publisher',
  'administrator',
  'adminDisplayingUser',
] as const;
export type Persona = (typeof PERSONAS)[number];

const EMAILS: Record<Exclude<Persona, 'anonymous' | 'adminDisplayingUser'>, string> = {
  user: 'user@northwind.test',
  otherEntityUser: 'user@contoso.test',
  contributor: 'contributor@northwind.test',
  publisher: 'publisher@demo.test',
  administrator: 'admin@demo.test',
};

/**
 * The headers each persona sends: its bearer token, and for display-as the displayed user's id.
 * `files`: tokens of the file-exchange API (/api/v2), which has its own audience.
 */
export async function personaHeaders(
  app: FastifyInstance,
  idp: TestIdp,
  api: 'hub' | 'files' = 'hub',
): Promise<Record<Persona, Record<string, string>>> {
  const login = api === 'files' ? filesLoginAs : loginAs;
  const token = async (email: string) => ({ authorization: `Bearer ${await login(app, idp, email)}` });
  const { rows } = await (await testDb()).query<{ id: number }>('SELECT id FROM users WHERE email = $1', [EMAILS.user]);
  const admin = await token(EMAILS.administrator);
  return {
    anonymous: {},
    user: await token(EMAILS.user),
    otherEntityUser: await token(EMAILS.otherEntityUser),
    contributor: await token(EMAILS.contributor),
    publisher: await token(EMAILS.publisher),
    administrator: admin,
    adminDisplayingUser: { ...admin, [HEADERS.displayAsUserId.toLowerCase()]: String(rows[0]!.id) },
  };
}
