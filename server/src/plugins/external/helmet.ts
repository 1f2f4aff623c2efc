import type { IncomingMessage, ServerResponse } from 'node:http';
// Only for its types: routes still say `helmet: {...}` in their options (the embedded provider's pages).
import type {} from '@fastify/helmet';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from './config';

/**
 * Security headers and the Content-Security-Policy of the portal. The policy lets the shell and
 * the remotes run (same-origin scripts, or the remotes' own origins when REMOTE_<NAME>_URL moves
 * them), lets the browser reach the identity providers during sign-in (connect-src), and lets
 * dashboards be framed (frame-src https:; in development without a report server, also the portal's
 * own origin, where the stand-in report server serves the demo reports). The embedded provider's
 * pages have their own policy.
 *
 * The headers are built once (again when allowConnect adds an origin) and set from a list on
 * each answer: @fastify/helmet called helmet() afresh for each request, which parsed every
 * directive and ran a dozen middlewares each time, in two hooks. A route with `helmet: {...}` in
 * its options gets the portal's settings overridden by those (built once per route), as
 * @fastify/helmet did; `helmet: false`, none.
 */
export interface ContentSecurity {
  /** Adds origins the browser may fetch from (identity providers added at run time). */
  allowConnect(origins: Iterable<string>): void;
  /**
   * The origins of the registered remote releases (remotes-repository.ts), in place of the ones
   * given before: their scripts, styles, fonts and fetches are allowed, and no others'.
   */
  allowRegistry(origins: Iterable<string>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentSecurity: ContentSecurity;
  }
}

interface Headers {
  set: [string, string][];
  remove: string[];
}

/** The headers helmet's middleware sets for `options`, recorded once (its middlewares are synchronous for static directives). */
export function headersOf(options: HelmetOptions): Headers {
  const headers: Headers = { set: [], remove: [] };
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.remove.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function remoteOrigins(config: Pick<AppConfig, 'remotes'>): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(config.remotes)) {
    const url = URL.parse(entry);
    if (url) origins.add(url.origin);
  }
  return [...origins];
}

export default fp(
  async (fastify) => {
    const { config } = fastify;
    const configured = remoteOrigins(config);
    let remotes = configured;
    const connect = new Set<string>();
    const https = config.publicUrl.startsWith('https:');
    // A remote on its webpack dev server (development only) is an eval-based build.
    const devRemotes = config.nodeEnv === 'development' && configured.length > 0;
    // The stand-in report server under /dev-report-server (development only, see plugins/external/power-bi.ts).
    const devReports = config.nodeEnv === 'development' && !config.pbirsUrl;

    const options = (): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...remotes, ...(devRemotes ? ["'unsafe-eval'"] : [])],
          // Chakra (emotion) injects its styles at run time.
          'style-src': ["'self'", "'unsafe-inline'", ...remotes],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:', ...remotes],
          'connect-src': ["'self'", ...new Set([...remotes, ...connect])],
          'frame-src': ['https:', ...(devReports ? ["'self'"] : [])],
          'worker-src': ["'self'", 'blob:'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'self'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Strict-Transport-Security: over https, and always in production (a TLS-terminating proxy in
      // front may hand us plain http; browsers ignore the header on an http answer anyway).
      strictTransportSecurity: https || config.nodeEnv === 'production' ? { maxAge: 15552000, includeSubDomains: false } : false,
      // No page passes its URL on (a ticket or token in a query string, an image's key) to another site.
      referrerPolicy: { policy: 'no-referrer' },
      // The shell's dev server (another port, same site) loads remotes and images from here.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    let portal = headersOf(options());
    // Built from the portal's settings too, so built again (on first use) when those change.
    let ownPolicies = new WeakMap<object, Headers>();
    const rebuild = () => {
      portal = headersOf(options());
      ownPolicies = new WeakMap();
    };
    const ownHeaders = (own: object) => {
      let headers = ownPolicies.get(own);
      if (!headers) {
        headers = headersOf({ ...options(), ...own });
        ownPolicies.set(own, headers);
      }
      return headers;
    };
    // As @fastify/helmet did: a route's `helmet` option goes into its config, read on each request.
    fastify.addHook('onRoute', (route) => {
      const own = (route as { helmet?: unknown }).helmet;
      if (own !== undefined) route.config = { ...route.config, helmet: own } as typeof route.config;
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      const own = (request.routeOptions.config as { helmet?: object | false }).helmet;
      if (own === false) return done();
      const headers = own === undefined ? portal : ownHeaders(own);
      const raw = reply.raw;
      for (const name of headers.remove) raw.removeHeader(name);
      for (const [name, value] of headers.set) raw.setHeader(name, value);
      done();
    });

    fastify.decorate('contentSecurity', {
      allowConnect(origins: Iterable<string>) {
        for (const origin of origins) connect.add(origin);
        rebuild();
      },
      allowRegistry(origins: Iterable<string>) {
        remotes = [...new Set([...configured, ...origins])];
        rebuild();
      },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
