import { ERASED_EMAIL_DOMAIN, type ErasureReport } from '@hub/shared/api';
import type { Queryable } from '../../db/db';

/** What an erased person's bytes were stored under: deleted from the stores once the erasure commits. */
export interface ErasedBytes {
  /** Collectmaster's store: the files they uploaded and their exports' zips. */
  exchange: string[];
  /** The images' store: their profile pictures. */
  images: string[];
}

export interface ErasedPerson {
  email: string;
  first_name: string;
  last_name: string;
}

/** Where an erased person's name or address stood in an audit line's details. */
export const ERASED_MARK = '[erased]';

async function count(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return rows[0]?.n ?? 0;
}

/** The text of `value` as it stands inside a JSON string (quotes and backslashes escaped). */
const inJson = (value: string) => JSON.stringify(value).slice(1, -1);

/**
 * Erases a person in the caller's transaction (docs/product.md, "Your data: export and erasure"):
 * deletes what is only theirs (notifications, preferences, memberships, exports, profile
 * pictures) and empties the Collectmaster slots they filled; keeps their messages and tickets,
 * which are their company's, under their row made a former user (no name, an address of
 * ERASED_EMAIL_DOMAIN, no rights, sessions ended); and scrubs their name and address from the
 * audit lines' details. Answers what went and what stayed, and the keys whose bytes the caller
 * deletes from the stores after the commit. Null: no such person (or already erased).
 */
export async function eraseUser(
  tx: Queryable,
  userId: number,
): Promise<{ person: ErasedPerson; report: ErasureReport; bytes: ErasedBytes } | null> {
  const { rows: found } = await tx.query<ErasedPerson & { profile_image_id: number | null }>(
    'SELECT email, first_name, last_name, profile_image_id FROM users WHERE id = $1 AND erased_at IS NULL FOR UPDATE',
    [userId],
  );
  const person = found[0];
  if (!person) return null;
  const id = [userId];
  const deleted: Record<string, number> = {};
  const kept: Record<string, number> = {};
  const bytes: ErasedBytes = { exchange: [], images: [] };

  deleted.notifications = await count(tx, 'DELETE FROM notifications WHERE user_id = $1', id);
  deleted.emails = await count(tx, 'DELETE FROM mail_outbox WHERE user_id = $1', id);
  deleted.preferences =
    (await count(tx, 'DELETE FROM notification_preferences WHERE user_id = $1', id)) +
    (await count(tx, 'DELETE FROM dashboard_favourites WHERE user_id = $1', id));
  deleted.memberships =
    (await count(tx, 'DELETE FROM group_users WHERE user_id = $1', id)) +
    (await count(tx, 'DELETE FROM user_contacts WHERE user_id = $1 OR consultant_id = $1', id)) +
    (await count(tx, 'DELETE FROM advice_users WHERE user_id = $1', id)) +
    (await count(tx, 'DELETE FROM dashboard_users WHERE user_id = $1', id));
  await tx.query('DELETE FROM discussion_waiting WHERE recipient_id = $1', id);

  const { rows: exports } = await tx.query<{ storage_key: string | null }>(
    'DELETE FROM data_exports WHERE user_id = $1 RETURNING storage_key',
    id,
  );
  deleted.exports = exports.length;
  bytes.exchange.push(...exports.flatMap((e) => (e.storage_key ? [e.storage_key] : [])));

  const { rows: pictures } = await tx.query<{ storage_key: string }>(
    "DELETE FROM images WHERE id = $2 OR (created_by = $1 AND category = 'profile') RETURNING storage_key",
    [userId, person.profile_image_id],
  );
  deleted.profile_pictures = pictures.length;
  bytes.images.push(...pictures.map((p) => p.storage_key));

  // The slots stay their company's: emptied (state 1, missing), as before the upload.
  const { rows: files } = await tx.query<{ storage_key: string }>(
    `UPDATE exchange_files f SET state = 1, storage_key = NULL, size_bytes = 0, upload_at = NULL, uploaded_by = NULL, updated_at = now()
       FROM exchange_files old WHERE old.id = f.id AND f.uploaded_by = $1 AND f.storage_key IS NOT NULL
     RETURNING old.storage_key`,
    id,
  );
  deleted.uploaded_files = files.length;
  bytes.exchange.push(...files.map((f) => f.storage_key));
  await tx.query('UPDATE exchange_files SET uploaded_by = NULL WHERE uploaded_by = $1', id);

  const kept1 = await tx.query<{ messages: number; tickets: number; ticket_messages: number }>(
    `SELECT (SELECT count(*) FROM messages WHERE from_user_id = $1)::int AS messages,
            (SELECT count(*) FROM tickets WHERE author_id = $1)::int AS tickets,
            (SELECT count(*) FROM ticket_messages WHERE author_id = $1)::int AS ticket_messages`,
    id,
  );
  Object.assign(kept, kept1.rows[0]);

  // Their name and address, wherever an audit line's details carried them.
  const names = [person.email, `${person.first_name} ${person.last_name}`.trim(), person.first_name, person.last_name]
    .filter((name) => name.length >= 2)
    .map(inJson);
  if (names.length > 0) {
    const replaced = names.reduce((sql, _name, i) => `replace(${sql}, $${i + 2}, '${ERASED_MARK}')`, 'details::text');
    const mentions = names.map((_name, i) => `strpos(details::text, $${i + 2}) > 0`).join(' OR ');
    kept.audit_lines_scrubbed = await count(
      tx,
      `UPDATE audit_log SET details = ${replaced}::jsonb
        WHERE details IS NOT NULL AND (${mentions}) AND (actor_id = $1 OR (item_type = 'user' AND item_id = $1) OR strpos(details::text, $2) > 0)`,
      [userId, ...names],
    );
  }

  await tx.query(
    `UPDATE users SET email = 'erased-' || id || '@${ERASED_EMAIL_DOMAIN}', first_name = '', last_name = '', rights = '{}',
            welcome_message = NULL, profile_image_id = NULL, contact_enable = false, description = NULL, pbi_groups = '{}',
            followed_categories = NULL, token_version = token_version + 1, erased_at = now()
      WHERE id = $1`,
    id,
  );
  return { person, report: { deleted, kept }, bytes };
}
