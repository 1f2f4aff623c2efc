import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES } from '@hub/shared/api';

/**
 * Serves the built shell at / and each remote at /remotes/<name>/, with the SPA fallback that
 * makes deep links (/home, /advices/details/3) work. A missing dist folder is a warning, not an
 * error: the API runs (and its tests pass) without a frontend build.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Paths that never fall back to the shell's index.html. */
const NOT_SPA = /^\/(api|idp|remotes)(\/|$)/;

/** A name carrying a content hash (`main.3f9a1c2b7d.js`, `812.a1b2c3d4.css`): 8 or more hex digits between dots. */
export function isHashedFile(path: string): boolean {
  const segments = basename(path).split('.');
  return segments.length > 1 && segments.slice(0, -1).some((segment) => /^[0-9a-f]{8,}$/i.test(segment));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The public configuration the browser needs, as <meta> tags in the shell's page, so the built
 * files stay the same in every deployment: `hub-reporting-host` (the host of REPORTING_HOST, whose
 * dashboards are embedded through its entrance redirect) and `hub-projects-url` (PROJECTS_URL).
 */
export function publicConfigTags(config: { reportingHost: string | null; projectsUrl: string | null }): string {
  const tags: string[] = [];
  if (config.reportingHost) {
    const host = /^https?:\/\//i.test(config.reportingHost) ? new URL(config.reportingHost).host : config.reportingHost;
    tags.push(`<meta name="hub-reporting-host" content="${escapeAttribute(host)}">`);
  }
  if (config.projectsUrl) tags.push(`<meta name="hub-projects-url" content="${escapeAttribute(config.projectsUrl)}">`);
  return tags.join('');
}

function cacheHeaders(reply: FastifyReply, path: string) {
  // index.html, mf-manifest.json and remoteEntry.js carry no hash: they must be revalidated.
  reply.header('cache-control', isHashedFile(path) ? IMMUTABLE : REVALIDATE);
}

export default fp(
  async (fastify) => {
    const { staticDir } = fastify.config;
    const shellDir = join(staticDir, 'shell', 'dist');
    const indexHtml = join(shellDir, 'index.html');
    const hasShell = existsSync(indexHtml);

    if (hasShell) {
      await fastify.register(fastifyStatic, {
        root: shellDir,
        prefix: '/',
        cacheControl: false,
        // The build writes .br and .gz beside each script (shared/build/webpack.cjs): sent when accepted.
        preCompressed: true,
        // index.html is answered by the fallback below, with the same no-cache header.
        index: false,
        setHeaders: cacheHeaders,
      });
    } else {
      fastify.log.warn({ folder: shellDir }, 'the shell is not built: / answers 404 until `pnpm -r build` has run');
    }

    for (const name of REMOTE_NAMES) {
      const root = join(staticDir, `remote-${name}`, 'dist');
      if (!existsSync(root)) {
        fastify.log.warn({ folder: root }, `remote-${name} is not built: /remotes/${name}/ answers 404`);
        continue;
      }
      await fastify.register(fastifyStatic, {
        root,
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        index: false,
        setHeaders(reply, path) {
          cacheHeaders(reply, path);
          // A remote may be loaded by a shell on another origin (docs/architecture.md: remotes move freely).
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }

    const metaTags = publicConfigTags(fastify.config);
    const sendShell = async (reply: FastifyReply) => {
      const html = (await readFile(indexHtml, 'utf8')).replace('</head>', `${metaTags}</head>`);
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
    };

    if (hasShell) fastify.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

    fastify.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!;
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !NOT_SPA.test(path) && hasShell) {
        return sendShell(reply);
      }
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method}:${path} not found` });
    });
  },
  { name: 'static-hosting', dependencies: ['config'] },
);
