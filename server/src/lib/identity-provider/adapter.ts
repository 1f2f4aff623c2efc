import type { Db } from '../../db/db';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the hub's
 * database instead of its in-memory quick-start adapter: a restart keeps people signed in and
 * their refresh tokens valid, and several processes could share it.
 * Interface: https://github.com/panva/node-oidc-provider/blob/main/example/my_adapter.js
 */
type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string };

/** Held while the table is ensured: `CREATE TABLE IF NOT EXISTS` fails (23505) when two processes starting at once run it together. */
export const ADAPTER_TABLE_LOCK = 7806852;

export async function ensureAdapterTable(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADAPTER_TABLE_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS idp_store (
    model text NOT NULL,
    id text NOT NULL,
    payload jsonb NOT NULL,
    grant_id text,
    user_code text,
    uid text,
    expires_at timestamptz,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX IF NOT EXISTS idp_store_grant_idx ON idp_store (grant_id);
  CREATE INDEX IF NOT EXISTS idp_store_uid_idx ON idp_store (uid);
  CREATE INDEX IF NOT EXISTS idp_store_user_code_idx ON idp_store (user_code);
  DELETE FROM idp_store WHERE expires_at < now();`);
  });
}

export function createAdapterClass(db: Db) {
  const live = '(expires_at IS NULL OR expires_at > now())';
  const findBy = async (model: string, column: 'id' | 'uid' | 'user_code', value: string): Promise<Payload | undefined> => {
    const { rows } = await db.query<{ payload: Payload }>(
      `SELECT payload FROM idp_store WHERE model = $1 AND ${column} = $2 AND ${live} LIMIT 1`,
      [model, value],
    );
    return rows[0]?.payload;
  };

  return class DatabaseAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      await db.query(
        `INSERT INTO idp_store (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? null,
        ],
      );
    }

    find(id: string) {
      return findBy(this.model, 'id', id);
    }

    findByUid(uid: string) {
      return findBy(this.model, 'uid', uid);
    }

    findByUserCode(userCode: string) {
      return findBy(this.model, 'user_code', userCode);
    }

    async consume(id: string) {
      await db.query(
        `UPDATE idp_store SET payload = payload || jsonb_build_object('consumed', floor(extract(epoch FROM now()))::int) WHERE model = $1 AND id = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string) {
      await db.query('DELETE FROM idp_store WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string) {
      await db.query('DELETE FROM idp_store WHERE grant_id = $1', [grantId]);
    }
  };
}
