/**
 * @jest-environment node
 */
import { startApiServer, type Route } from '../test-support/api-server';
import { ApiError, fieldErrorsOf, isApiError } from './errors';
import { createApiClient } from './http-client';

// Answers with the status asked for in the query (200 by default), echoing the JSON body it got.
const echo: Route = (_req, request) => {
  const status = Number(new URL(request.url, 'http://x').searchParams.get('status') ?? 200);
  if (status === 204) return { status: 204 };
  return status >= 400
    ? { status, body: { statusCode: status, error: 'Nope', message: `server says ${status}` } }
    : { status, body: { ok: true, echo: request.body ?? null } };
};

const api = startApiServer();
beforeEach(() => {
  api.routes = [echo];
});

describe('createApiClient', () => {
  it('should send the bearer token and the context headers it is given', async () => {
    const client = createApiClient({
      baseUrl: api.apiBase,
      getToken: () => 'tok-1',
      getHeaders: () => ({ 'X-Entity-ID': '7', 'Display-As-User-Id': '12', Ignored: undefined }),
    });
    await client.get('/advices', { includes_unpublished: true, skipped: undefined });
    expect(api.requests[0]!.url).toBe('/api/advices?includes_unpublished=true');
    expect(api.requests[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(api.requests[0]!.headers['x-entity-id']).toBe('7');
    expect(api.requests[0]!.headers['display-as-user-id']).toBe('12');
    expect(api.requests[0]!.headers).not.toHaveProperty('ignored');
  });

  it('should hand its token and context headers to another transport, read at the time of asking', async () => {
    let token: string | null = 'tok-1';
    const client = createApiClient({
      baseUrl: api.apiBase,
      getToken: () => token,
      getHeaders: () => ({ 'X-Entity-ID': '7', Skipped: '' }),
    });
    expect(client.authHeaders()).toEqual({ Authorization: 'Bearer tok-1', 'X-Entity-ID': '7' });
    token = null;
    expect(client.authHeaders()).toEqual({ 'X-Entity-ID': '7' });
  });

  it('should send no Authorization header without a token', async () => {
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => null });
    await client.get('/auth/provider/default');
    expect(api.requests[0]!.headers).not.toHaveProperty('authorization');
  });

  it('should send JSON bodies and parse JSON answers', async () => {
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => 't' });
    const answer = await client.post<{ echo: unknown }>('/auth/login', { token: 'id', provider: 'default' });
    expect(api.requests[0]!.method).toBe('POST');
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
    expect(answer.echo).toEqual({ token: 'id', provider: 'default' });
  });

  it('should call onUnauthorized once on a 401 and throw an ApiError with the status', async () => {
    const onUnauthorized = jest.fn();
    const onError = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => 'expired', onUnauthorized, onError });
    const failure = client.get('/auth/user', { status: 401 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'server says 401' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('should report other failures to onError unless the call is silent', async () => {
    const onError = jest.fn();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => 't', onError });
    await expect(client.get('/advices/9', { status: 404 })).rejects.toMatchObject({ status: 404 });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));
    await expect(client.get('/advices/9', { status: 404 }, { silent: true })).rejects.toMatchObject({ status: 404 });
    expect(onError).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('should throw the refused fields the server names as data, beside its message', async () => {
    api.routes = [
      () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'title: This field is required',
          errors: [{ field: 'title', message: 'This field is required' }],
        },
      }),
    ];
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => 't' });
    const caught: unknown = await client.post('/admin/news-items', {}, { silent: true }).catch((error: unknown) => error);
    expect(isApiError(caught, 400)).toBe(true);
    expect((caught as ApiError).message).toBe('title: This field is required');
    expect(fieldErrorsOf(caught)).toEqual({ title: 'This field is required' });
    log.mockRestore();
  });

  it('should add the extra headers of a client made with withBase', async () => {
    const client = createApiClient({ baseUrl: api.apiBase, getToken: () => 't', getHeaders: () => ({ 'X-Entity-ID': '3' }) });
    const admin = client.withBase(`${api.apiBase}/admin`, () => ({ 'Main-Admin-Page': 'true' }));
    await admin.delete('/advices/4', { query: { status: 204 } });
    expect(api.requests[0]!.url).toBe('/api/admin/advices/4?status=204');
    expect(api.requests[0]!.headers['main-admin-page']).toBe('true');
    expect(api.requests[0]!.headers['x-entity-id']).toBe('3');
  });
});
