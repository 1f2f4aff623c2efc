import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage) => { status: number; body: unknown } | undefined;

/**
 * A real local HTTP server for component tests: each test sets `routes`; anything unanswered is a
 * Fastify-shaped 404. Requests are recorded in `seen`.
 */
export function startApiServer() {
  const state = { routes: [] as Route[], seen: [] as string[], apiBase: '' };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      state.seen.push(req.url!);
      for (const route of state.routes) {
        const answer = route(req);
        if (answer) {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
          return;
        }
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    state.routes = [];
    state.seen.length = 0;
  });
  return state;
}

/** Answers GET `path` (exact, query ignored) with `body`. */
export const get =
  (path: string, body: unknown, status = 200): Route =>
  (req) =>
    req.method === 'GET' && req.url!.split('?')[0] === path ? { status, body } : undefined;
