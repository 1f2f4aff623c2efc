import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREFERENCE_KINDS, type PreferenceKind } from '@hub/shared/api';

/**
 * The one-click unsubscribe link of an email (RFC 8058): `/api/unsubscribe/<token>` on the public
 * address, the token naming one person and one kind, signed (HMAC-SHA256) with the session secret.
 * It does not expire and does not depend on a sign-in: an old email's link keeps working, and it
 * can only turn that kind's email off.
 */
const CONTEXT = 'client-hub:unsubscribe:v1';

function signature(secret: string, userId: number, kind: PreferenceKind): string {
  return createHmac('sha256', secret).update(`${CONTEXT}:${userId}:${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: number, kind: PreferenceKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

export const UNSUBSCRIBE_TOKEN_PATTERN = '^[0-9]{1,10}\\.[a-z]{1,20}\\.[A-Za-z0-9_-]{43}$';

/** The person and kind of a token this server signed, else null. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: number; kind: PreferenceKind } | null {
  const [id, kind, given] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1 || !given) return null;
  if (!(PREFERENCE_KINDS as readonly string[]).includes(kind ?? '')) return null;
  const expected = Buffer.from(signature(secret, userId, kind as PreferenceKind));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  return { userId, kind: kind as PreferenceKind };
}

export const unsubscribeUrl = (publicUrl: string, secret: string, userId: number, kind: PreferenceKind) =>
  `${publicUrl}/api/unsubscribe/${unsubscribeToken(secret, userId, kind)}`;
