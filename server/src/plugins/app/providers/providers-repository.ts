import fp from 'fastify-plugin';
import type { ConnectionKind, Provider, ProviderSummary } from '@hub/shared/api';

/** A row of identity_providers: one per connection type or entity (docs/architecture.md: configuration, not code). */
export interface ProviderRecord {
  name: string;
  label: string;
  kind: ConnectionKind;
  issuer: string;
  client_id: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string | null;
  jwks_uri: string | null;
  user_id_field: string;
  enabled: boolean;
  position: number;
}

export interface ProvidersRepository {
  /** Enabled providers in display order, for the sign-in page. */
  listEnabled(): Promise<ProviderSummary[]>;
  /** An enabled provider by name, or null. */
  find(name: string): Promise<ProviderRecord | null>;
  /** The enabled provider that issues tokens with this `iss`, or null. */
  findByIssuer(issuer: string): Promise<ProviderRecord | null>;
  upsert(record: ProviderRecord): Promise<void>;
  /** Origins the browser talks to during sign-in (discovery, token endpoint): for connect-src. */
  browserOrigins(): Promise<string[]>;
  toApi(record: ProviderRecord): Provider;
}

declare module 'fastify' {
  interface FastifyInstance {
    providersRepository: ProvidersRepository;
  }
}

const COLUMNS =
  'name, label, kind, issuer, client_id, authorization_endpoint, token_endpoint, end_session_endpoint, jwks_uri, user_id_field, enabled, position';

export default fp(
  async (fastify) => {
    const { db } = fastify;
    const repository: ProvidersRepository = {
      async listEnabled() {
        const { rows } = await db.query<ProviderSummary>(
          'SELECT name, label, kind FROM identity_providers WHERE enabled ORDER BY position, name',
        );
        return rows;
      },
      async find(name) {
        const { rows } = await db.query<ProviderRecord>(`SELECT ${COLUMNS} FROM identity_providers WHERE name = $1 AND enabled`, [name]);
        return rows[0] ?? null;
      },
      async findByIssuer(issuer) {
        const { rows } = await db.query<ProviderRecord>(
          `SELECT ${COLUMNS} FROM identity_providers WHERE issuer = $1 AND enabled ORDER BY position, name LIMIT 1`,
          [issuer],
        );
        return rows[0] ?? null;
      },
      async upsert(record) {
        await db.query(
          `INSERT INTO identity_providers (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (name) DO UPDATE SET label = EXCLUDED.label, kind = EXCLUDED.kind, issuer = EXCLUDED.issuer,
             client_id = EXCLUDED.client_id, authorization_endpoint = EXCLUDED.authorization_endpoint,
             token_endpoint = EXCLUDED.token_endpoint, end_session_endpoint = EXCLUDED.end_session_endpoint,
             jwks_uri = EXCLUDED.jwks_uri, user_id_field = EXCLUDED.user_id_field, enabled = EXCLUDED.enabled, position = EXCLUDED.position`,
          [
            record.name,
            record.label,
            record.kind,
            record.issuer,
            record.client_id,
            record.authorization_endpoint,
            record.token_endpoint,
            record.end_session_endpoint,
            record.jwks_uri,
            record.user_id_field,
            record.enabled,
            record.position,
          ],
        );
      },
      async browserOrigins() {
        const { rows } = await db.query<{ issuer: string; token_endpoint: string }>(
          'SELECT issuer, token_endpoint FROM identity_providers WHERE enabled',
        );
        const origins = new Set<string>();
        for (const row of rows) {
          for (const url of [row.issuer, row.token_endpoint]) {
            const parsed = URL.parse(url);
            if (parsed) origins.add(parsed.origin);
          }
        }
        return [...origins];
      },
      toApi: (record) => ({
        name: record.name,
        label: record.label,
        kind: record.kind,
        iss: record.issuer,
        client_id: record.client_id,
        authorization_endpoint: record.authorization_endpoint,
        token_endpoint: record.token_endpoint,
        end_session_endpoint: record.end_session_endpoint,
        user_id_field: record.user_id_field,
      }),
    };
    fastify.decorate('providersRepository', repository);
  },
  { name: 'providers-repository', dependencies: ['database'] },
);
