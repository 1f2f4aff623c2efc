import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from './config';

/**
 * Security headers and the Content-Security-Policy of the portal. The policy lets the shell and
 * the remotes run (same-origin scripts, or the remotes' own origins when REMOTE_<NAME>_URL moves
 * them), lets the browser reach the identity providers during sign-in (connect-src), and lets
 * dashboards be framed (frame-src https:). The embedded provider's pages have their own policy.
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

    await fastify.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...remotes, ...(devRemotes ? ["'unsafe-eval'"] : [])],
          // Chakra (emotion) injects its styles at run time.
          'style-src': ["'self'", "'unsafe-inline'", ...remotes],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:', ...remotes],
          'connect-src': [() => ["'self'", ...connect].join(' ')],
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

    fastify.decorate('contentSecurity', {
      allowConnect(origins: Iterable<string>) {
        for (const origin of origins) connect.add(origin);
      },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
