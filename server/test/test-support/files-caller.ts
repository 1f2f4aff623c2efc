import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestIdp } from './test-idp';

/** A token of the file-exchange API (audience files-api), through its real login: POST /api/v2/auth/login. */
export async function filesLoginAs(app: FastifyInstance, idp: TestIdp, email: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { token: await idp.sign({ email }) } });
  if (response.statusCode !== 200) throw new Error(`files login as ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token as string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

/** Calls /api/v2 as a demo person with a file-exchange token (signed in once per person). */
export function filesCaller(app: () => FastifyInstance, idp: () => TestIdp) {
  const tokens = new Map<string, string>();
  async function token(email: string) {
    if (!tokens.has(email)) tokens.set(email, await filesLoginAs(app(), idp(), email));
    return tokens.get(email)!;
  }
  async function call(
    email: string,
    method: Method,
    url: string,
    options: { payload?: InjectOptions['payload']; headers?: Record<string, string> } = {},
  ) {
    const request: InjectOptions = { method, url, headers: { authorization: `Bearer ${await token(email)}`, ...options.headers } };
    if (options.payload !== undefined) request.payload = options.payload;
    return app().inject(request);
  }
  return { call, token, forget: () => tokens.clear() };
}

/** A multipart body as a browser sends it (the platform's FormData): `files` parts, then text fields. */
export async function filesForm(files: Array<{ name: string; bytes: Buffer | string }>, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('files', new Blob([new Uint8Array(Buffer.from(file.bytes))]), file.name);
  const request = new Request('http://x', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
