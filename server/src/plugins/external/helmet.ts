import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from './config';

/**
 * Security headers and the Content-Security-Policy of the portal. The policy lets the shell and
 * the remotes run (same-origin scripts, or the remotes' own origins when REMOTE_<NAME>_URL moves
 * them), lets the browser reach the identity providers during sign-in (connect-src), and lets
 * dashboards be framed (frame-src https:). The embedded provider's pages have their own policy.
 *
 * The headers are built once (again when allowConnect adds an origin), not on every answer:
 * @fastify/helmet's global hook calls helmet() afresh for each request, which parses every
 * directive each time (its own hook now serves the provider's routes only, with their policy).
 */
export interface ContentSecurity {
  /** Adds origins the browser may fetch from (identity providers added at run time). */
  allowConnect(origins: Iterable<string>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentSecurity: ContentSecurity;
  }
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
    const remotes = remoteOrigins(config);
    const connect = new Set<string>(remotes);
    const https = config.publicUrl.startsWith('https:');
    // A remote on its webpack dev server (development only) is an eval-based build.
    const devRemotes = config.nodeEnv === 'development' && remotes.length > 0;

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
          'connect-src': ["'self'", ...connect],
          'frame-src': ['https:'],
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
    let apply = helmet(options());
    // Routes with a policy of their own (`helmet: {...}` in their options) keep @fastify/helmet's handling.
    // (The same helmet release; its types come from another path of the store.)
    await fastify.register(fastifyHelmet, { ...(options() as unknown as FastifyHelmetOptions), global: false });
    fastify.addHook('onRequest', (request, reply, done) => {
      if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
      apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });

    fastify.decorate('contentSecurity', {
      allowConnect(origins: Iterable<string>) {
        for (const origin of origins) connect.add(origin);
        apply = helmet(options());
      },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
