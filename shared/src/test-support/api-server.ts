import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  /** Sent as JSON (`null` when left out), unless `text` is given. */
  body?: unknown;
  /** A body sent as it is instead of JSON, with the content type of `headers` (plain text if none). */
  text?: string;
  headers?: Record<string, string>;
}

/**
 * A request as the server received it; `body` is the parsed JSON body, or the raw text, or undefined;
 * `raw` holds the body's bytes as they came (a multipart upload, say).
 */
export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  raw: Buffer;
}

/** Answers a request, or leaves it to the next route (undefined); may take its time (a Promise). */
export type Route = (req: IncomingMessage, request: SeenRequest) => Answer | undefined | Promise<Answer | undefined>;

/**
 * A real local HTTP server for component tests of the shell and the remotes: each test sets
 * `routes` (the first that answers wins); anything unanswered is a Fastify-shaped 404. Requests are
 * recorded: their URLs in `seen`, in full in `requests`. Register it at the top of a test file.
 */
export function startApiServer() {
  const state = { routes: [] as Route[], seen: [] as string[], requests: [] as SeenRequest[], apiBase: '', origin: '' };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      // jsdom's XMLHttpRequest (uploads with progress) applies CORS, Node's fetch does not: answer the
      // preflight without recording it, and allow any origin.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res
          .writeHead(204, {
            'access-control-allow-methods': '*',
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
          })
          .end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let body: unknown = undefined;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        const request: SeenRequest = { method: req.method!, url: req.url!, path: req.url!.split('?')[0]!, headers: req.headers, body, raw };
        state.seen.push(req.url!);
        state.requests.push(request);
        for (const route of state.routes) {
          const answer = await route(req, request);
          if (answer) {
            const type = answer.text === undefined ? 'application/json' : 'text/plain; charset=utf-8';
            res
              .writeHead(answer.status, { 'content-type': type, ...answer.headers })
              .end(answer.text ?? JSON.stringify(answer.body ?? null));
            return;
          }
        }
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    state.apiBase = `${state.origin}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    state.routes = [];
    state.seen.length = 0;
    state.requests.length = 0;
  });
  return state;
}

/** Answers `method` on `path` (exact, query ignored) with `body`, or with what `body` computes from the request. */
export const route =
  (method: string, path: string, body: unknown | ((request: SeenRequest) => unknown), status = 200): Route =>
  (_req, request) =>
    request.method === method && request.path === path
      ? { status, body: typeof body === 'function' ? (body as (request: SeenRequest) => unknown)(request) : body }
      : undefined;

/** Answers GET `path` (exact, query ignored) with `body`. */
export const get = (path: string, body: unknown, status = 200): Route => route('GET', path, body, status);
