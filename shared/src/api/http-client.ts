import { ApiError, statusToast } from './errors';

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

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
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
  /**
   * A multipart upload that reports its progress (0 to 1) while the bytes leave the browser:
   * fetch cannot report upload progress, XMLHttpRequest can. Same headers, errors and toasts as
   * `request`; without XMLHttpRequest (Node) it falls back to `request`.
   */
  upload<T>(path: string, body: FormData, options?: UploadOptions): Promise<T>;
  /**
   * The headers every call of this client carries (bearer token, context headers), for a transport
   * that is not this client: the resumable (tus) uploads of collectmaster send them on each request.
   */
  authHeaders(): Record<string, string>;
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

  function baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    for (const [name, value] of Object.entries(options.getHeaders?.() ?? {})) {
      if (value !== undefined && value !== '') headers[name] = value;
    }
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  async function fail(path: string, method: string, response: Response, silent: boolean | undefined): Promise<never> {
    const error = await ApiError.fromResponse(response);
    if (response.status === 401) {
      console.warn(`401 on ${path}: the session is over`);
      options.onUnauthorized?.(error);
    } else {
      console.error(`${method} ${path} failed: ${error.status} ${error.message}`);
      if (!silent) options.onError?.(error);
    }
    throw error;
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const headers = baseHeaders();
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
    if (!response.ok) return fail(path, init.method ?? 'GET', response, init.silent);
    if (response.status === 204) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? await response.json() : await response.text()) as T;
  }

  function upload<T>(path: string, body: FormData, init: UploadOptions = {}): Promise<T> {
    const method = init.method ?? 'POST';
    if (typeof XMLHttpRequest === 'undefined') return request<T>(path, { method, body, signal: init.signal, silent: init.silent });
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, buildUrl(options.baseUrl, path));
      for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) init.onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const type = xhr.getResponseHeader('content-type') ?? '';
        if (xhr.status >= 200 && xhr.status < 300) {
          init.onProgress?.(1);
          if (xhr.status === 204 || !xhr.responseText) resolve(undefined as T);
          else resolve((type.includes('json') ? JSON.parse(xhr.responseText) : xhr.responseText) as T);
          return;
        }
        const response = new Response(xhr.responseText || null, { status: xhr.status, headers: { 'content-type': type } });
        fail(path, method, response, init.silent).catch(reject);
      };
      xhr.onerror = () => reject(new ApiError(0, statusToast(0)));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  const client: ApiClient = {
    baseUrl: options.baseUrl,
    request,
    get: (path, query, init) => request(path, { ...init, method: 'GET', query }),
    post: (path, body, init) => request(path, { ...init, method: 'POST', body }),
    put: (path, body, init) => request(path, { ...init, method: 'PUT', body }),
    delete: (path, init) => request(path, { ...init, method: 'DELETE' }),
    upload,
    authHeaders: () => {
      const headers = baseHeaders();
      delete headers.Accept;
      return headers;
    },
    withBase: (baseUrl, extraHeaders) =>
      createApiClient({
        ...options,
        baseUrl,
        getHeaders: extraHeaders ? () => ({ ...options.getHeaders?.(), ...extraHeaders() }) : options.getHeaders,
      }),
  };
  return client;
}
