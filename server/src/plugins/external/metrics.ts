import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServiceUnavailableCode } from '@hub/shared/api';

/** The host the metrics listener binds: the metrics never leave the machine (nginx and the public port never serve them). */
export const METRICS_HOST = '127.0.0.1';
/** The label of a request that matched no route (a 404): never the raw path, which anyone can vary. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Seconds: from a cached list (milliseconds) to a slow export or a stream's life. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface HubMetrics {
  /** This app's registry (one per app: tests build several apps in one process). */
  readonly registry: Registry;
  /** A 503 answered because the pool was busy or the database away (app.ts's error handler). */
  serviceUnavailable(code: ServiceUnavailableCode): void;
  /** The metrics listener's port once it listens (METRICS_PORT 0: null). */
  port(): number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: HubMetrics;
  }
}

/**
 * Prometheus metrics (prom-client), served at /metrics on a listener of their own bound to
 * 127.0.0.1:METRICS_PORT, never on the public port: requests by route pattern and status, their
 * duration by route pattern, the database pool (or PGlite's queue), the live streams, the cache,
 * the 503s by cause, and the process's own figures (memory, CPU, event-loop lag, GC).
 * Figures owned by other plugins (pool, cache, streams) are read at each scrape, so they cost
 * nothing between scrapes. Registered before the routes, so that its hooks see every request.
 */
export default fp(
  async (fastify) => {
    const registry = new Registry();
    const port = fastify.config.metricsPort ?? 0;
    // The process's own figures watch the event loop and every GC: only when someone can read them
    // (tests build many apps in one process, most without a metrics listener).
    if (port) collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'hub_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'hub_http_request_duration_seconds',
      help: 'Time from request to the end of the answer, by method and route pattern (a live stream: its whole life)',
      labelNames: ['method', 'route'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const unavailable = new Counter({
      name: 'hub_http_service_unavailable_total',
      help: 'Answers 503 because the database pool was busy (DATABASE_BUSY) or the database unreachable (DATABASE_UNAVAILABLE)',
      labelNames: ['code'] as const,
      registers: [registry],
    });
    // Both codes show from the start (at 0): a rate() over a series that appears late misses its first step.
    unavailable.inc({ code: 'DATABASE_BUSY' }, 0);
    unavailable.inc({ code: 'DATABASE_UNAVAILABLE' }, 0);

    const stats = () => fastify.db.stats?.();
    // The pool's connections, and those of the statements read in index order (postgres-db.ts).
    const pools = [
      ['hub_db_pool_connections', 'PostgreSQL pool connections by state (total, idle, max) and calls waiting for one (waiting)', 'pool'],
      [
        'hub_db_ordered_pool_connections',
        'PostgreSQL connections of the statements read in index order (a search), by state as hub_db_pool_connections',
        'ordered',
      ],
    ] as const;
    for (const [name, help, which] of pools) {
      new Gauge({
        name,
        help,
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const figures = stats();
          if (figures?.kind !== 'postgres') return;
          const pool = which === 'pool' ? figures : figures.ordered;
          for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
        },
      });
    }
    new Counter({
      name: 'hub_db_pool_waits_total',
      help: 'Database calls that found no idle connection and the pool full, so waited for one',
      registers: [registry],
      collect() {
        const figures = stats();
        this.reset();
        this.inc(figures?.kind === 'postgres' ? figures.waits : 0);
      },
    });
    new Counter({
      name: 'hub_db_pool_busy_total',
      help: 'Database calls refused because no pool connection became free in time',
      registers: [registry],
      collect() {
        const figures = stats();
        this.reset();
        this.inc(figures?.kind === 'postgres' ? figures.busy : 0);
      },
    });
    new Gauge({
      name: 'hub_db_pglite_queue',
      help: 'Embedded PGlite: statements and transactions started and not finished (it runs one at a time)',
      registers: [registry],
      collect() {
        const figures = stats();
        this.set(figures?.kind === 'pglite' ? figures.queued : 0);
      },
    });
    new Gauge({
      name: 'hub_db_listen_connections',
      help: 'LISTEN connections (cache invalidation, live events): channels listened to (total) and those connected now (connected)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const state = fastify.db.listenState?.();
        if (!state) return;
        this.set({ state: 'total' }, state.channels);
        this.set({ state: 'connected' }, state.connected);
      },
    });
    new Gauge({
      name: 'hub_live_streams',
      help: 'Live event streams (server-sent events) open on this process, by channel',
      labelNames: ['channel'] as const,
      registers: [registry],
      collect() {
        if (fastify.hasDecorator('discussionHub')) this.set({ channel: 'discussions' }, fastify.discussionHub.size);
        if (fastify.hasDecorator('fileEvents')) this.set({ channel: 'file-exchange' }, fastify.fileEvents.size);
        if (fastify.hasDecorator('notificationHub')) this.set({ channel: 'notifications' }, fastify.notificationHub.size);
      },
    });
    const cacheFigure = (name: string, help: string, read: () => number, holder = 'hubCache') =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(fastify.hasDecorator(holder) ? read() : 0);
        },
      });
    cacheFigure('hub_cache_hits_total', 'Cache reads answered without a database load of their own', () => fastify.hubCache.hits);
    cacheFigure('hub_cache_misses_total', 'Cache reads that loaded from the database', () => fastify.hubCache.misses);
    cacheFigure(
      'hub_notification_count_hits_total',
      'Unread counts answered from memory (GET /api/notifications/count)',
      () => fastify.notificationHub.counts.hits,
      'notificationHub',
    );
    cacheFigure(
      'hub_notification_count_misses_total',
      'Unread counts read from the database',
      () => fastify.notificationHub.counts.misses,
      'notificationHub',
    );
    cacheFigure(
      'hub_cache_invalidations_total',
      'Times the whole cache was dropped (a write here, or a NOTIFY from any process)',
      () => fastify.hubCache.generation,
    );

    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    let server: Server | null = null;
    fastify.decorate<HubMetrics>('metrics', {
      registry,
      serviceUnavailable: (code) => unavailable.inc({ code }),
      port: () => (server?.listening ? (server.address() as AddressInfo).port : null),
    });
    if (!port) return;

    // Opened once the app is ready (a port already taken stops start-up), closed with it.
    fastify.addHook('onReady', async () => {
      const listener = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            fastify.log.error({ err: error }, 'metrics not collected');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics not collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, METRICS_HOST, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      fastify.log.info({ url: `http://${METRICS_HOST}:${port}/metrics` }, 'metrics listening');
    });
    fastify.addHook('onClose', async () => {
      const listener = server;
      server = null;
      if (!listener) return;
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);
