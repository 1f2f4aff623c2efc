import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { JWK } from 'jose';
import Provider, { type InteractionDetails, type KoaContextLike } from 'oidc-provider';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../db/seed/demo-data';
import type { AppConfig } from './config';
import { createAccountStore, type AccountStore } from '../../lib/identity-provider/account-store';
import { createAdapterClass, ensureAdapterTable } from '../../lib/identity-provider/adapter';
import { loadProviderKeys } from '../../lib/identity-provider/keys';
import { LOGOUT_SCRIPT_HASH, loginPage, logoutPage, messagePage } from '../../lib/identity-provider/pages';

/**
 * The embedded OpenID provider of the default set-up (oidc-provider), mounted at /idp.
 * Development and tests only: production never registers this plugin (see config.ts).
 */
export const MOUNT_PATH = '/idp';
export const PORTAL_CLIENT_ID = 'hub-portal';
/** The shell's own dev server (README: `--filter @hub/shell dev`). */
const SHELL_DEV_ORIGIN = 'http://localhost:8090';
const SCOPES = ['openid', 'offline_access', 'email', 'profile'];
const ID_TOKEN_CLAIMS = ['email', 'email_verified', 'name', 'given_name', 'family_name'];

export interface EmbeddedIdp {
  issuer: string;
  clientId: string;
  /** Verifies the provider's id_tokens without an HTTP round trip to this same process. */
  publicJwks: { keys: JWK[] };
}

declare module 'fastify' {
  interface FastifyInstance {
    embeddedIdp: EmbeddedIdp;
  }
}

export function redirectUris(config: Pick<AppConfig, 'publicUrl'>): string[] {
  return [...new Set([`${config.publicUrl}/login`, `${SHELL_DEV_ORIGIN}/login`])];
}

/**
 * The provider's pages get their own policy: inline styles, the one hashed logout script, and
 * form targets that include the portal's redirect origins, because Chromium applies form-action
 * to the redirects that follow a form POST.
 */
function idpHelmet(config: AppConfig): RouteShorthandOptions['helmet'] {
  const origins = [...new Set(redirectUris(config).map((uri) => new URL(uri).origin))];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'script-src': [LOGOUT_SCRIPT_HASH],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'form-action': ["'self'", ...origins],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      },
    },
  };
}

function buildProvider(config: AppConfig, accounts: AccountStore, keys: Awaited<ReturnType<typeof loadProviderKeys>>, adapter: unknown) {
  const issuer = `${config.publicUrl}${MOUNT_PATH}`;
  const uris = redirectUris(config);
  const provider = new Provider(issuer, {
    adapter,
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Client hub',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris,
        post_logout_redirect_uris: uris,
      },
    ],
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // oidc-client-ts does not load userinfo by default: the id_token itself carries the profile.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Refresh tokens for the portal, so the browser renews without hidden iframes.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx: unknown, origin: string) => uris.some((uri) => new URL(uri).origin === origin),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // The portal is first party: its grant is made on the spot, so nobody sees a consent screen.
    loadExistingGrant: async (ctx: KoaContextLike) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== PORTAL_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addOIDCClaims(ID_TOKEN_CLAIMS);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = await accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: async () => ({
          sub: account.email,
          email: account.email,
          email_verified: true,
          name: `${account.given_name} ${account.family_name}`.trim(),
          given_name: account.given_name,
          family_name: account.family_name,
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextLike, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextLike) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of the client hub.');
        },
      },
    },
    renderError: async (ctx: KoaContextLike, out: { error: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', out.error_description ?? out.error);
    },
  });
  // Behind TLS termination Koa must trust X-Forwarded-Proto to set secure cookies.
  if (config.publicUrl.startsWith('https:')) provider.proxy = true;
  return provider;
}

function parseForm(_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { config } = fastify;
    const accounts = createAccountStore(fastify.db);
    await accounts.ensureTable();
    await ensureAdapterTable(fastify.db);
    if (config.seedDemo && (await accounts.count()) === 0) {
      for (const person of DEMO_PEOPLE) {
        await accounts.add({ email: person.email, given_name: person.first_name, family_name: person.last_name }, DEMO_PASSWORD);
      }
    }
    const keys = await loadProviderKeys(config.dataDir);
    const provider = buildProvider(config, accounts, keys, createAdapterClass(fastify.db));
    provider.on('server_error', (_ctx, error) => fastify.log.error({ err: error }, 'identity provider error'));
    const handle = provider.callback();
    const helmet = idpHelmet(config);
    const absolute = (name: string) => new URL(provider.pathFor(name), config.publicUrl).href;

    // The default connection of the sign-in page points at this provider, at the current PUBLIC_URL.
    await fastify.db.query(
      `INSERT INTO identity_providers (name, label, kind, issuer, client_id, authorization_endpoint, token_endpoint, end_session_endpoint, jwks_uri, user_id_field, enabled, position)
       VALUES ('default', 'Default connection', 'default', $1, $2, $3, $4, $5, $6, 'email', true, 0)
       ON CONFLICT (name) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
         authorization_endpoint = EXCLUDED.authorization_endpoint, token_endpoint = EXCLUDED.token_endpoint,
         end_session_endpoint = EXCLUDED.end_session_endpoint, jwks_uri = EXCLUDED.jwks_uri`,
      [provider.issuer, PORTAL_CLIENT_ID, absolute('authorization'), absolute('token'), absolute('end_session'), absolute('jwks')],
    );
    fastify.decorate('embeddedIdp', { issuer: provider.issuer, clientId: PORTAL_CLIENT_ID, publicJwks: keys.publicJwks });

    const demo = config.seedDemo
      ? { demoAccounts: DEMO_PEOPLE.map((person) => person.email), demoPassword: DEMO_PASSWORD }
      : { demoAccounts: [] };

    /** The interaction of this request, or null (and an explanation page sent) when it has expired. */
    async function interactionOf(
      request: FastifyRequest<{ Params: { uid: string } }>,
      reply: FastifyReply,
    ): Promise<InteractionDetails | null> {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid === request.params.uid) return details;
      } catch {
        // SessionNotFound: the interaction cookie is missing or the interaction expired.
      }
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(messagePage('Sign-in expired', 'This sign-in attempt has expired. Go back to the portal and sign in again.'));
      return null;
    }

    async function finish(request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) {
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }

    /** A returning user whose grant lacks something: grant it for the first-party portal and go on. */
    async function autoConsent(request: FastifyRequest, reply: FastifyReply, details: InteractionDetails) {
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id;
      if (!accountId || clientId !== PORTAL_CLIENT_ID) {
        return finish(request, reply, { error: 'access_denied', error_description: 'Consent is required for this client' });
      }
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      grant.addOIDCScope((missing.missingOIDCScope ?? SCOPES).join(' '));
      grant.addOIDCClaims(missing.missingOIDCClaims ?? ID_TOKEN_CLAIMS);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      return finish(request, reply, { consent: details.grantId ? {} : { grantId } });
    }

    // Our interaction pages: ordinary Fastify routes with a form parser of their own.
    await fastify.register(async (pages) => {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, parseForm);
      const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

      pages.get<{ Params: { uid: string } }>(
        `${MOUNT_PATH}/interaction/:uid`,
        { helmet, schema: { hide: true } },
        async (request, reply) => {
          const details = await interactionOf(request, reply);
          if (!details) return reply;
          if (details.prompt.name === 'consent') return autoConsent(request, reply, details);
          return html(reply).send(loginPage({ uid: details.uid, email: details.params.login_hint ?? '', ...demo }));
        },
      );

      pages.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
        `${MOUNT_PATH}/interaction/:uid/login`,
        { helmet, schema: { hide: true } },
        async (request, reply) => {
          const details = await interactionOf(request, reply);
          if (!details) return reply;
          const email = String(request.body?.email ?? '').trim();
          const password = String(request.body?.password ?? '');
          const account = email && password ? await accounts.authenticate(email, password) : null;
          if (!account) {
            return html(reply)
              .code(401)
              .send(loginPage({ uid: details.uid, email, error: 'Invalid email or password.', ...demo }));
          }
          return finish(request, reply, { login: { accountId: account.email } });
        },
      );

      pages.get<{ Params: { uid: string } }>(
        `${MOUNT_PATH}/interaction/:uid/abort`,
        { helmet, schema: { hide: true } },
        async (request, reply) => {
          const details = await interactionOf(request, reply);
          if (!details) return reply;
          return finish(request, reply, { error: 'access_denied', error_description: 'End-User aborted interaction' });
        },
      );
    });

    // Everything else is oidc-provider itself: hijack the reply, strip the mount
    // path, and leave the body unread, since the provider parses its own requests.
    await fastify.register(async (mount) => {
      mount.removeAllContentTypeParsers();
      mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const forward = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(MOUNT_PATH.length) || '/';
        handle(raw, reply.raw);
      };
      mount.all(MOUNT_PATH, { helmet, schema: { hide: true } }, forward);
      mount.all(`${MOUNT_PATH}/*`, { helmet, schema: { hide: true } }, forward);
    });
    fastify.log.info({ issuer: provider.issuer }, 'embedded identity provider mounted');
  },
  { name: 'identity-provider', dependencies: ['config', 'database'] },
);
