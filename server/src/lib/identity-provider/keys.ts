import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { readOrCreateSecret } from '../auth/dev-secrets';

export interface ProviderKeys {
  /** Private signing keys handed to oidc-provider. */
  jwks: { keys: JWK[] };
  /** The same keys without their private parts: what verifies the provider's id_tokens. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

const PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/** RS256 keys and cookie keys, generated once and kept in DATA_DIR so sessions and tokens survive restarts. */
export async function loadProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const jwksText = await readOrCreateSecret(dataDir, 'idp-jwks.json', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] });
  });
  const cookieText = await readOrCreateSecret(dataDir, 'idp-cookie-keys.json', () =>
    JSON.stringify([randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]),
  );
  const jwks = JSON.parse(jwksText) as { keys: JWK[] };
  const publicJwks = {
    keys: jwks.keys.map((key) => {
      const copy: JWK = { ...key };
      for (const part of PRIVATE_PARTS) delete copy[part];
      return copy;
    }),
  };
  return { jwks, publicJwks, cookieKeys: JSON.parse(cookieText) as string[] };
}
