import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Db } from '../../db/db';
import { ADAPTER_TABLE_LOCK } from './adapter';

/**
 * The embedded provider's own accounts: a stand-in for a company directory, apart from the
 * hub's users table (the hub only knows emails; passwords belong to the identity provider).
 * Created here rather than in a migration because production never runs this provider.
 */
export interface IdpAccount {
  email: string;
  given_name: string;
  family_name: string;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function derive(password: string, salt: Buffer, options: ScryptOptions & { keylen: number }): Promise<Buffer> {
  const { keylen, ...params } = options;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;

export function createAccountStore(db: Db) {
  return {
    async ensureTable() {
      // Under the lock the adapter's table uses: processes starting together must not race on
      // CREATE TABLE IF NOT EXISTS (PostgreSQL answers the loser with a duplicate pg_type row).
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADAPTER_TABLE_LOCK]);
        await tx.exec(`CREATE TABLE IF NOT EXISTS idp_accounts (
          email text PRIMARY KEY CHECK (email = lower(email)),
          password_hash text NOT NULL,
          given_name text NOT NULL DEFAULT '',
          family_name text NOT NULL DEFAULT ''
        )`);
      });
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM idp_accounts');
      return rows[0]!.count;
    },

    async add(account: IdpAccount, password: string) {
      await db.query(
        `INSERT INTO idp_accounts (email, password_hash, given_name, family_name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, given_name = EXCLUDED.given_name, family_name = EXCLUDED.family_name`,
        [account.email.toLowerCase(), await hashPassword(password), account.given_name, account.family_name],
      );
    },

    async find(email: string): Promise<IdpAccount | null> {
      const { rows } = await db.query<IdpAccount>('SELECT email, given_name, family_name FROM idp_accounts WHERE email = $1', [
        email.toLowerCase(),
      ]);
      return rows[0] ?? null;
    },

    /** The account when the password matches, else null; the same work either way. */
    async authenticate(email: string, password: string): Promise<IdpAccount | null> {
      const { rows } = await db.query<IdpAccount & { password_hash: string }>(
        'SELECT email, given_name, family_name, password_hash FROM idp_accounts WHERE email = $1',
        [email.trim().toLowerCase()],
      );
      const row = rows[0];
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash));
      if (!row || !ok) return null;
      return { email: row.email, given_name: row.given_name, family_name: row.family_name };
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
