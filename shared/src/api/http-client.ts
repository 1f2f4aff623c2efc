import { ApiError } from './errors';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Query;
  /** Sent as JSON; a FormData body is sent as multipart form data. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Leaves the error toast to the caller (a 404 page shows its own empty state, say). */
  silent?: boolean;
}

export interface ApiClientOptions {
  /** Prefix of every path: '/api', '/api/admin', '/api/v2'. */
  baseUrl: string;
  /** The bearer token for this API, read on every call so a renewed token is picked up. */
  getToken: () => string | null;
  /** Context headers (X-Entity-ID, Display-As-User-Id, Main-Admin-Page), read on every call. */
  getHeaders?: () => Record<string, string | undefined>;
  /** Called once on a 401, before the error is thrown: clear the session and go to sign-in. */
  onUnauthorized?: (error: ApiError) => void;
  /** Called for every other failed call that is not silent: the one place that shows error toasts. */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The same client on another API base (the admin client is `withBase('/api/admin')`). */
  withBase(baseUrl: string, extraHeaders?: () => Record<string, string | undefined>): ApiClient;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const joined = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return joined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${joined}?${text}` : joined;
}

/** The one HTTP client of the portal: bearer token, context headers, JSON, errors as ApiError. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    for (const [name, value] of Object.entries(options.getHeaders?.() ?? {})) {
      if (value !== undefined && value !== '') headers[name] = value;
    }
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body; // the browser sets the multipart boundary itself
    } else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    Object.assign(headers, init.headers);

    const response = await doFetch(buildUrl(options.baseUrl, path, init.query), {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: init.signal,
    });
    if (!response.ok) {
      const error = await ApiError.fromResponse(response);
      if (response.status === 401) {
        console.warn(`401 on ${path}: the session is over`);
        options.onUnauthorized?.(error);
      } else {
        console.error(`${init.method ?? 'GET'} ${path} failed: ${error.status} ${error.message}`);
        if (!init.silent) options.onError?.(error);
      }
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? await response.json() : await response.text()) as T;
  }

  const client: ApiClient = {
    baseUrl: options.baseUrl,
    request,
    get: (path, query, init) => request(path, { ...init, method: 'GET', query }),
    post: (path, body, init) => request(path, { ...init, method: 'POST', body }),
    put: (path, body, init) => request(path, { ...init, method: 'PUT', body }),
    delete: (path, init) => request(path, { ...init, method: 'DELETE' }),
    withBase: (baseUrl, extraHeaders) =>
      createApiClient({
        ...options,
        baseUrl,
        getHeaders: extraHeaders ? () => ({ ...options.getHeaders?.(), ...extraHeaders() }) : options.getHeaders,
      }),
  };
  return client;
}
