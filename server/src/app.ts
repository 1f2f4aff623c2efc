import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import sensible from '@fastify/sensible';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Db } from './db/db';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, isDatabaseBusy, isDatabaseUnavailable } from './db/db-errors';
import adminUsersRepository from './plugins/app/admin-users/admin-users-repository';
import advicesRepository from './plugins/app/advices/advices-repository';
import mustReadRepository from './plugins/app/reach/must-read-repository';
import mustReadReminderJob from './plugins/app/reach/must-read-reminder-job';
import adviceViews from './plugins/app/reach/advice-views';
import auditRepository from './plugins/app/audit/audit-repository';
import hubCache from './plugins/app/cache/hub-cache';
import discussionHub from './plugins/app/discussions/discussion-hub';
import discussionsRepository from './plugins/app/discussions/discussions-repository';
import accessTokens from './plugins/app/auth/access-tokens';
import idTokenVerifier from './plugins/app/auth/id-token-verifier';
import entitiesRepository from './plugins/app/entities/entities-repository';
import exchangeStore from './plugins/app/file-exchange/exchange-store';
import fileEvents from './plugins/app/file-exchange/file-events';
import notificationHub from './plugins/app/notifications/notification-hub';
import fileExchangeRepository from './plugins/app/file-exchange/file-exchange-repository';
import groupsRepository from './plugins/app/groups/groups-repository';
import imageUrls from './plugins/app/images/image-urls';
import imageStore from './plugins/app/images/image-store';
import imagesRepository from './plugins/app/images/images-repository';
import categoriesRepository from './plugins/app/categories/categories-repository';
import dashboardRefresh from './plugins/app/dashboards/dashboard-refresh';
import dashboardsRepository from './plugins/app/dashboards/dashboards-repository';
import newsItemsRepository from './plugins/app/news-items/news-items-repository';
import trainingsRepository from './plugins/app/trainings/trainings-repository';
import powerBiSync from './plugins/app/power-bi/power-bi-sync';
import providersRepository from './plugins/app/providers/providers-repository';
import releaseStore from './plugins/app/remotes/release-store';
import remotesRepository from './plugins/app/remotes/remotes-repository';
import staticHosting from './plugins/app/static/static-hosting';
import ticketsRepository from './plugins/app/tickets/tickets-repository';
import usersRepository from './plugins/app/users/users-repository';
import mailRepository from './plugins/app/mail/mail-repository';
import mailWorker from './plugins/app/mail/mail-worker';
import configPlugin, { type AppConfig } from './plugins/external/config';
import database from './plugins/external/database';
import helmet from './plugins/external/helmet';
import { logSerializers, redactUrl } from './lib/http/log-redaction';
import metrics from './plugins/external/metrics';
import identityProvider from './plugins/external/identity-provider';
import powerBi from './plugins/external/power-bi';
import rateLimit from './plugins/external/rate-limit';
import reminderJob from './plugins/app/reminders/reminder-job';
import clientEventsRepository from './plugins/app/remotes/client-events-repository';
import rollbackJob from './plugins/app/remotes/rollback-job';
import retentionJob from './plugins/app/retention/retention-job';
import dataExportJob from './plugins/app/data-exports/data-export-job';
import scheduler from './plugins/app/schedules/scheduler';
import businessHoursRepository from './plugins/app/business-hours/business-hours-repository';
import schedulesRepository from './plugins/app/schedules/schedules-repository';
import swagger from './plugins/external/swagger';
import { fieldError, fieldErrorsOf } from './lib/http/field-errors';
import { schemaFieldErrors } from './lib/http/schema-errors';
import hubApi from './routes/api/index';
import filesApi from './routes/api/v2/index';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's schema as declared (the list-route rule test reads its querystring and answers). */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** A caller's X-Request-Id that is kept (a proxy's or a client's): 1–64 letters, digits, '.', '_' or '-'. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's request id when well formed, else a new one: in every log line of the request and in X-Request-Id. */
export function requestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One log line per request, at completion (Fastify writes two, "incoming request" and "request
 * completed", and a third for a 404): method, route pattern, URL with its secrets redacted, status
 * and duration, and the request id (`reqId`, as in every line of the request).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export interface BuildOptions {
  /** An open database to use instead of opening one from the configuration (tests share one per file). */
  db?: Db;
  /** Extra Fastify options (tests silence the logger). */
  fastify?: FastifyServerOptions;
}

/**
 * Builds the whole server in load order: external plugins (configuration, database, security
 * headers, rate limit, OpenAPI, the embedded identity provider), then the application's own
 * plugins (repositories, tokens), then the routes and the static hosting of the frontend.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { logger: loggerOptions, ...fastifyOptions } = options.fastify ?? {};
  const app = Fastify({
    // Secrets in query strings (the live events' ticket, tokens) never reach a log line.
    logger:
      loggerOptions === false
        ? false
        : { level: config.logLevel, serializers: logSerializers, ...(typeof loggerOptions === 'object' ? loggerOptions : {}) },
    // Behind a load balancer the client's address and protocol come from X-Forwarded-*.
    trustProxy: config.nodeEnv === 'production',
    // Opening a new PGlite folder takes seconds, more on a busy 2-core machine: Fastify's default
    // 10 s plugin timeout would stop start-up.
    pluginTimeout: 120_000,
    // The request id: the caller's X-Request-Id when well formed (never taken as is), else a new one.
    requestIdHeader: false,
    genReqId: requestId,
    logController: new OneLinePerRequest(),
    // Shutting down, a request that still arrives on an open connection is answered, with
    // `Connection: close`, not refused with a 503: nginx does not retry a 503 (nor a POST), and the
    // database stays open until the last connection has closed.
    return503OnClosing: false,
    ...fastifyOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every answer names its request id, live streams too (they write their head on the raw response).
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });

  // A query number written as 1e309 passes the schemas' integer checks as Infinity: refused here,
  // naming the field, before any repository turns it into an offset or an answer's page.
  app.addHook('preHandler', async (request) => {
    const query = request.query;
    if (query === null || typeof query !== 'object') return;
    for (const [field, value] of Object.entries(query)) {
      if (typeof value === 'number' && !Number.isFinite(value)) throw fieldError(400, field, 'must be a finite number');
    }
  });

  // Every route, as registered: the authorization matrix test checks that each has its expectations.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
  });

  // A schema's refusal names the field, as data (`errors`), on every route: set here, before any
  // route scope is made, so each one inherits it.
  app.setSchemaErrorFormatter(schemaFieldErrors);

  // One error shape ({statusCode, error, message}); 5xx details stay in the log.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every pool connection is taken and none freed up in time (the database is fine), or the
    // database is away (stopped, restarting, unreachable): 503 with its code and Retry-After, never
    // a 500; each counted apart in the metrics.
    const busy = isDatabaseBusy(error);
    if (busy || isDatabaseUnavailable(error)) {
      const code = busy ? 'DATABASE_BUSY' : 'DATABASE_UNAVAILABLE';
      request.log.warn(
        { method: request.method, route: request.routeOptions.url, code, cause: error.code, message: error.message },
        busy ? 'database busy' : 'database unavailable',
      );
      if (app.hasDecorator('metrics')) app.metrics.serviceUnavailable(code);
      return reply
        .code(503)
        .header('retry-after', String(busy ? DATABASE_BUSY_RETRY_AFTER_SECONDS : DATABASE_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: 'Service Unavailable', code, message: 'The service is briefly unavailable, try again shortly' });
    }
    // A value the schema let through but the database refuses (an id past 2^31, a NUL in a text,
    // Infinity from '1e309'): PostgreSQL's data exceptions (class 22) are the caller's fault, not a 500.
    const dataException = typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code) && !error.statusCode;
    const statusCode = dataException ? 400 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (dataException) {
      request.log.info({ method: request.method, url: redactUrl(request.url), code: error.code }, 'request refused: value out of range');
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'A value is out of range or not allowed' });
    }
    if (statusCode >= 500) {
      request.log.error({ err: error, method: request.method, url: redactUrl(request.url), reqId: request.id }, 'request failed');
      return reply
        .code(statusCode)
        .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Internal Server Error', message: 'Internal Server Error' });
    }
    request.log.info({ method: request.method, url: redactUrl(request.url), statusCode, message: error.message }, 'request refused');
    // The refused fields, as data beside the message, when the error names them (lib/http/field-errors.ts).
    const errors = fieldErrorsOf(error);
    return reply
      .code(statusCode)
      .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: error.message, ...(errors.length > 0 ? { errors } : {}) });
  });

  await app.register(configPlugin, { config });
  await app.register(sensible);
  await app.register(database, { db: options.db });
  await app.register(metrics);
  await app.register(helmet);
  await app.register(rateLimit);
  await app.register(swagger);
  // Production never starts the embedded provider (config.ts forces it off there).
  if (config.embeddedIdp) await app.register(identityProvider);
  await app.register(powerBi);

  await app.register(hubCache);
  await app.register(imageUrls);
  await app.register(accessTokens);
  await app.register(idTokenVerifier);
  await app.register(providersRepository);
  await app.register(usersRepository);
  await app.register(auditRepository);
  await app.register(remotesRepository);
  await app.register(advicesRepository);
  await app.register(mustReadRepository);
  await app.register(adviceViews);
  await app.register(newsItemsRepository);
  await app.register(dashboardsRepository);
  await app.register(categoriesRepository);
  await app.register(imageStore);
  await app.register(imagesRepository);
  await app.register(trainingsRepository);
  await app.register(businessHoursRepository);
  await app.register(discussionsRepository);
  await app.register(discussionHub);
  await app.register(adminUsersRepository);
  await app.register(entitiesRepository);
  await app.register(groupsRepository);
  await app.register(ticketsRepository);
  await app.register(powerBiSync);
  await app.register(dashboardRefresh);
  await app.register(schedulesRepository);
  await app.register(scheduler);
  await app.register(exchangeStore);
  await app.register(releaseStore);
  await app.register(fileExchangeRepository);
  await app.register(fileEvents);
  await app.register(notificationHub);
  await app.register(reminderJob, { enabled: config.reminderJob !== false });
  await app.register(mustReadReminderJob, { enabled: config.reminderJob !== false });
  await app.register(mailRepository);
  await app.register(mailWorker);
  await app.register(clientEventsRepository);
  await app.register(rollbackJob);
  await app.register(retentionJob);
  await app.register(dataExportJob);

  await app.register(hubApi, { prefix: '/api' });
  await app.register(filesApi, { prefix: '/api/v2' });
  await app.register(staticHosting);

  // The browser talks to the identity providers during sign-in: let the CSP say so.
  app.contentSecurity.allowConnect(await app.providersRepository.browserOrigins());
  return app;
}
