import { pipeline, Readable, Transform } from 'node:stream';
import type { Queryable } from '../../db/db';
import type { FileStore } from '../images/file-store';
import type { ZipEntry } from '../file-exchange/zip-stream';

/** Rows read per statement: a keyset cursor, so memory holds one batch whatever the person's history. */
export const EXPORT_BATCH = 500;

/**
 * One JSON file of the export that lists rows: what table (`from`, aliased `x`), which of its rows
 * (`where`, with $1 the person's id) and which columns to leave out of each row.
 */
interface RowSource {
  file: string;
  from: string;
  where: string;
  omit?: readonly string[];
}

/** What the zip holds besides the profile, preferences and memberships (read whole: a row each). */
const ROW_SOURCES: readonly RowSource[] = [
  { file: 'discussions.json', from: 'discussions', where: 'x.customer_id = $1 OR x.consultant_id = $1' },
  {
    file: 'messages.json',
    from: 'messages',
    // Their discussions' messages, and what they wrote or were sent elsewhere (a consultant's).
    where: 'x.from_user_id = $1 OR x.to_user_id = $1 OR x.discussion_id IN (SELECT id FROM discussions WHERE customer_id = $1)',
  },
  { file: 'tickets.json', from: 'tickets', where: 'x.author_id = $1' },
  {
    file: 'ticket-messages.json',
    from: 'ticket_messages',
    where: 'x.author_id = $1 OR x.ticket_id IN (SELECT id FROM tickets WHERE author_id = $1)',
  },
  { file: 'notifications.json', from: 'notifications', where: 'x.user_id = $1' },
  {
    file: 'audit.json',
    from: 'audit_log',
    where: "x.actor_id = $1 OR x.display_as_user_id = $1 OR (x.item_type = 'user' AND x.item_id = $1)",
  },
  {
    file: 'files.json',
    from: 'exchange_files',
    where: 'x.uploaded_by = $1',
    omit: ['storage_key'],
  },
];

/** The files they uploaded to Collectmaster that still have bytes. */
const UPLOADED_FILES = 'uploaded_by = $1 AND storage_key IS NOT NULL';

export interface ExportTotals {
  rows: number;
  bytes: number;
}

/** What the export will hold, counted before it starts: the progress is measured against it. */
export async function exportTotals(db: Queryable, userId: number): Promise<ExportTotals> {
  const counts = ROW_SOURCES.map((s) => `(SELECT count(*) FROM ${s.from} x WHERE ${s.where})`).join(' + ');
  const { rows } = await db.query<{ rows: string; bytes: string }>(
    `SELECT (${counts})::text AS rows,
            ((SELECT coalesce(sum(size_bytes), 0) FROM exchange_files WHERE ${UPLOADED_FILES})
             + (SELECT coalesce(sum(i.size_bytes), 0) FROM users u JOIN images i ON i.id = u.profile_image_id WHERE u.id = $1))::text AS bytes`,
    [userId],
  );
  return { rows: Number(rows[0]?.rows ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

/** Progress as it goes: rows written and bytes of files copied. */
export interface ExportProgress {
  rows(n: number): void;
  bytes(n: number): void;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A JSON array of a source's rows, read EXPORT_BATCH at a time in id order. */
async function* rowsArray(db: Queryable, userId: number, source: RowSource, progress: ExportProgress): AsyncGenerator<string> {
  const omit = (source.omit ?? []).map((column) => ` - '${column}'`).join('');
  let after = '0';
  let first = true;
  yield '[';
  for (;;) {
    const { rows } = await db.query<{ id: string; row: unknown }>(
      `SELECT x.id::text AS id, to_jsonb(x)${omit} AS row FROM ${source.from} x
        WHERE (${source.where}) AND x.id > $2::bigint ORDER BY x.id LIMIT ${EXPORT_BATCH}`,
      [userId, after],
    );
    for (const { row } of rows) {
      yield `${first ? '\n' : ',\n'}${json(row)}`;
      first = false;
    }
    progress.rows(rows.length);
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  yield first ? ']\n' : '\n]\n';
}

async function one(db: Queryable, sql: string, userId: number): Promise<unknown> {
  const { rows } = await db.query<{ doc: unknown }>(sql, [userId]);
  return rows[0]?.doc ?? null;
}

const textEntry = (name: string, date: Date, text: () => AsyncIterable<string>): ZipEntry => ({
  name,
  date,
  open: async () => Readable.from(text(), { objectMode: false, encoding: 'utf8' }),
});

/** A stored file's bytes, counted as they pass. */
function counted(name: string, date: Date, store: FileStore, key: string, progress: ExportProgress): ZipEntry {
  return {
    name,
    date,
    async open() {
      const found = await store.get(key);
      if (!found) return null;
      // A pass-through, not a 'data' listener: a listener would set the file flowing past the zip's pace.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          progress.bytes(chunk.length);
          done(null, chunk);
        },
      });
      pipeline(found.stream, counter, () => undefined);
      return counter;
    },
  };
}

/** A name safe inside a zip: no folders, no control characters. */
const safeName = (name: string) => name.replace(/[\\/:\p{Cc}]/gu, '_').slice(0, 180) || 'file';

export interface ExportStores {
  /** Collectmaster's files. */
  exchange: FileStore;
  /** The images (the profile picture). */
  images: FileStore;
}

/**
 * The entries of a person's export zip, made as the zip is written: the profile, preferences and
 * memberships (one row each), then each kind of row as a JSON array read by a keyset cursor, then
 * their profile picture and the files they uploaded, streamed from the store. `README.txt` says what
 * each file is.
 */
export async function* exportEntries(
  db: Queryable,
  stores: ExportStores,
  userId: number,
  progress: ExportProgress,
): AsyncGenerator<ZipEntry> {
  const now = new Date();
  yield textEntry('README.txt', now, async function* () {
    yield [
      'Your data in the client hub, as of ' + now.toISOString(),
      '',
      'profile.json          who you are (name, email, roles, company, language, time zone)',
      'preferences.json      your notification choices, followed categories and favourite dashboards',
      'memberships.json      your company, groups, consultants or clients, and the content addressed to you',
      'discussions.json      the discussions you take part in; messages.json: their messages',
      'tickets.json          the helpdesk tickets you opened; ticket-messages.json: their conversation',
      'notifications.json    your notification centre',
      'audit.json            the audit lines about what you did or what was done to your account',
      'files.json            the Collectmaster files you uploaded; their bytes are in files/',
      'profile-picture.*     your profile picture, when you have one',
      '',
    ].join('\n');
  });
  yield textEntry('profile.json', now, async function* () {
    yield (
      json(
        await one(
          db,
          `SELECT to_jsonb(u) - 'search' - 'token_version' - 'followed_categories' || jsonb_build_object('entity', e.name) AS doc
           FROM users u LEFT JOIN entities e ON e.id = u.entity_id WHERE u.id = $1`,
          userId,
        ),
      ) + '\n'
    );
  });
  yield textEntry('preferences.json', now, async function* () {
    yield (
      json(
        await one(
          db,
          `SELECT jsonb_build_object(
                  'language', u.language, 'time_zone', u.time_zone, 'followed_categories', u.followed_categories,
                  'notifications', (SELECT to_jsonb(p) - 'user_id' FROM notification_preferences p WHERE p.user_id = u.id),
                  'favourite_dashboards', (SELECT coalesce(jsonb_agg(f.dashboard_id ORDER BY f.dashboard_id), '[]')
                                             FROM dashboard_favourites f WHERE f.user_id = u.id)) AS doc
           FROM users u WHERE u.id = $1`,
          userId,
        ),
      ) + '\n'
    );
  });
  yield textEntry('memberships.json', now, async function* () {
    yield (
      json(
        await one(
          db,
          `SELECT jsonb_build_object(
                  'entity', (SELECT jsonb_build_object('id', e.id, 'name', e.name) FROM entities e WHERE e.id = u.entity_id),
                  'groups', (SELECT coalesce(jsonb_agg(g.name ORDER BY g.name), '[]') FROM group_users gu JOIN groups g ON g.id = gu.group_id WHERE gu.user_id = u.id),
                  'consultants', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.first_name || ' ' || c.last_name) ORDER BY c.id), '[]')
                                    FROM user_contacts uc JOIN users c ON c.id = uc.consultant_id WHERE uc.user_id = u.id),
                  'clients', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.first_name || ' ' || c.last_name) ORDER BY c.id), '[]')
                                FROM user_contacts uc JOIN users c ON c.id = uc.user_id WHERE uc.consultant_id = u.id),
                  'advices', (SELECT coalesce(jsonb_agg(au.advice_id ORDER BY au.advice_id), '[]') FROM advice_users au WHERE au.user_id = u.id),
                  'dashboards', (SELECT coalesce(jsonb_agg(du.dashboard_id ORDER BY du.dashboard_id), '[]') FROM dashboard_users du WHERE du.user_id = u.id)
                ) AS doc
           FROM users u WHERE u.id = $1`,
          userId,
        ),
      ) + '\n'
    );
  });
  for (const source of ROW_SOURCES) {
    yield textEntry(source.file, now, () => rowsArray(db, userId, source, progress));
  }

  const { rows: picture } = await db.query<{ storage_key: string; mime: string; created_at: Date }>(
    'SELECT i.storage_key, i.mime, i.created_at FROM users u JOIN images i ON i.id = u.profile_image_id WHERE u.id = $1',
    [userId],
  );
  if (picture[0]) {
    const extension = picture[0].mime.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin';
    yield counted(`profile-picture.${extension}`, new Date(picture[0].created_at), stores.images, picture[0].storage_key, progress);
  }

  // Their uploads, a keyset batch at a time: only the names and keys of one batch are held.
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; name: string; storage_key: string; upload_at: Date | null }>(
      `SELECT id, name, storage_key, upload_at FROM exchange_files WHERE ${UPLOADED_FILES} AND id > $2 ORDER BY id LIMIT ${EXPORT_BATCH}`,
      [userId, after],
    );
    for (const file of rows) {
      yield counted(
        `files/${file.id}-${safeName(file.name)}`,
        new Date(file.upload_at ?? now),
        stores.exchange,
        file.storage_key,
        progress,
      );
    }
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
}
