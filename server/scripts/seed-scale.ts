// The scale seed: grows the configured database (PGlite in DATA_DIR, or DATABASE_URL) to about N
// times the demo, set-based (INSERT … SELECT generate_series), with the skew of a real publisher.
//
//   npm run seed:scale -- --factor 10          (from the repository root; the demo data must be there)
//
// One unit, written N times: 20 customer companies of 50 users (one company in ten holds five
// times as many), 1,000 advices (Northwind holds 45 % of them), 500 news items, 200 dashboards,
// 500 discussions of 20 messages (consultant@demo.test in one in twenty-five), 200 more messages
// in Nina's open discussion, 5,000 audit lines, and Collectmaster's 100 collections (Northwind
// holds one in ten) of 5 folders of 10 files each, plus 200 files in one folder of Northwind's
// (a folder that grows: 20,000 files at 100×). Files that are not missing name bytes that the
// store does not hold: lists and details read the rows only. A common word for the search boxes:
// one title in ten holds "sales", one user in five is at northwind.example.test.
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { loadConfig } from '../src/plugins/external/config';
import { openDatabase } from '../src/plugins/external/database';

export interface ScaleCounts {
  companies: number;
  users: number;
  advices: number;
  newsItems: number;
  dashboards: number;
  discussions: number;
  messages: number;
  ninaMessages: number;
  auditLines: number;
  collections: number;
  files: number;
}

export const scaleCounts = (factor: number): ScaleCounts => ({
  companies: 20 * factor,
  users: 1_000 * factor,
  advices: 1_000 * factor,
  newsItems: 500 * factor,
  dashboards: 200 * factor,
  discussions: 500 * factor,
  messages: 10_000 * factor,
  ninaMessages: 200 * factor,
  auditLines: 5_000 * factor,
  collections: 100 * factor,
  files: 5_200 * factor,
});

/** Writes `factor` units into `db` (migrated, demo data in); `tag` keeps the names of two runs apart. */
export async function seedScale(db: Db, factor: number, tag = randomBytes(3).toString('hex')): Promise<ScaleCounts> {
  const n = scaleCounts(factor);
  const ids = await db.query<{ northwind: number; nina: number; consultant: number; admin: number; category: number | null }>(
    `SELECT (SELECT id FROM entities WHERE slug = 'northwind-traders') AS northwind,
            (SELECT id FROM users WHERE email = 'user@northwind.test') AS nina,
            (SELECT id FROM users WHERE email = 'consultant@demo.test') AS consultant,
            (SELECT id FROM users WHERE email = 'admin@demo.test') AS admin,
            (SELECT min(id) FROM categories) AS category`,
  );
  const { northwind, nina, consultant, admin, category } = ids.rows[0]!;
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await db.query(sql, params);
    console.log(`seed:scale ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };

  await step(
    `${n.companies} companies`,
    `INSERT INTO entities (name, slug) SELECT 'Scale company ' || $1 || ' ' || i, 'scale-' || $1 || '-' || i FROM generate_series(1, $2::int) i`,
    [tag, n.companies],
  );
  // Users: most companies 50, one in ten five times as many; consultants: one per 250 users, plus consultant@demo.test.
  await step(
    `${n.users} users`,
    `WITH companies AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM entities WHERE slug LIKE 'scale-' || $1 || '-%')
     INSERT INTO users (email, first_name, last_name, rights, entity_id, contact_enable)
     SELECT 'scale-' || $1 || '-' || i || CASE WHEN i % 5 = 0 THEN '@northwind.example.test' ELSE '@example.test' END, 'First' || (i % 97), 'Last' || (i % 1009),
            CASE WHEN i % 250 = 0 THEN '{user,consultant}'::text[] ELSE '{user}'::text[] END,
            c.id, i % 250 = 0
       FROM generate_series(1, $2::int) i
       JOIN companies c ON c.k = 1 + (CASE WHEN i % 3 = 0 THEN (i % greatest($3::int / 10, 1)) * 10 ELSE i % $3::int END)`,
    [tag, n.users, n.companies],
  );
  // Each new user has one consultant: consultant@demo.test for one in twenty-five, else a new consultant.
  await step(
    'contacts',
    `WITH people AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users WHERE email LIKE 'scale-' || $1 || '-%'),
          consultants AS (SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS total
                            FROM users WHERE email LIKE 'scale-' || $1 || '-%' AND 'consultant' = ANY (rights))
     INSERT INTO user_contacts (user_id, consultant_id)
     SELECT p.id, CASE WHEN p.k % 25 = 0 THEN $2::int ELSE c.id END
       FROM people p JOIN consultants c ON c.k = 1 + p.k % (SELECT count(*) FROM consultants)
      WHERE p.k % 250 <> 0
     ON CONFLICT DO NOTHING`,
    [tag, consultant],
  );
  await step(
    `${n.advices} advices`,
    `INSERT INTO advices (title, subtitle, description, status, audience_type, pinned, category_id, entity_id, created_at, updated_at)
     SELECT 'Scale advice ' || i || CASE WHEN i % 10 = 3 THEN ' on sales' ELSE '' END, 'Subtitle ' || i, '<p>Advice ' || i || '.</p>', CASE WHEN i % 5 = 0 THEN 0 ELSE 16 END,
            'multi_users', i % 2000 = 0, $3::int,
            CASE WHEN i % 20 < 9 THEN $2::int ELSE e.lo + i % e.span END,
            now() - (i % 1500) * interval '1 day' - (i % 86400) * interval '1 second', now() - (i % 700) * interval '1 hour'
       FROM generate_series(1, $1::int) i, (SELECT min(id) AS lo, (max(id) - min(id) + 1)::int AS span FROM entities) e`,
    [n.advices, northwind, category],
  );
  await step(
    `${n.newsItems} news items`,
    `INSERT INTO news_items (title, subtitle, description, status, pinned, category_id, created_at, updated_at)
     SELECT 'Scale news ' || i || CASE WHEN i % 10 = 3 THEN ' on sales' ELSE '' END, 'Subtitle ' || i, '<p>News ' || i || '.</p>', CASE WHEN i % 4 = 0 THEN 0 ELSE 16 END, false, $2::int,
            now() - (i % 2000) * interval '1 day' - i * interval '1 second', now() - (i % 500) * interval '1 hour'
       FROM generate_series(1, $1::int) i`,
    [n.newsItems, category],
  );
  await step(
    `${n.dashboards} dashboards`,
    `INSERT INTO dashboards (title, description, url, status, entity_id, created_at, updated_at)
     SELECT 'Scale dashboard ' || i || CASE WHEN i % 10 = 3 THEN ' of sales' ELSE '' END, 'Dashboard ' || i, 'https://reports.example.test/' || i, CASE WHEN i % 5 = 0 THEN 0 ELSE 16 END,
            CASE WHEN i % 10 < 4 THEN $2::int ELSE e.lo + i % e.span END,
            now() - (i % 900) * interval '1 day', now() - (i % 300) * interval '1 hour'
       FROM generate_series(1, $1::int) i, (SELECT min(id) AS lo, (max(id) - min(id) + 1)::int AS span FROM entities) e`,
    [n.dashboards, northwind],
  );
  // Discussions between each contact pair, closed but the latest; then their messages, alternating.
  // Rows are spread over their owners by `k = 1 + i % (SELECT count(*) …)`: the count read once, so
  // that the join is a hash join (with the count read per row, PostgreSQL compared every pair:
  // 40 billion comparisons for the messages at 100×).
  await step(
    `${n.discussions} discussions`,
    `WITH pairs AS (
       SELECT uc.user_id, uc.consultant_id, row_number() OVER (ORDER BY uc.user_id) AS k, count(*) OVER () AS total
         FROM user_contacts uc JOIN users u ON u.id = uc.user_id WHERE u.email LIKE 'scale-' || $1 || '-%'
     )
     INSERT INTO discussions (customer_id, consultant_id, status, created_at, closed_at)
     SELECT p.user_id, p.consultant_id, CASE WHEN i <= p.total THEN 'open' ELSE 'closed' END,
            now() - (i % 1000) * interval '1 day' - i * interval '1 second',
            CASE WHEN i <= p.total THEN NULL ELSE now() - (i % 900) * interval '1 day' END
       FROM generate_series(1, $2::int) i JOIN pairs p ON p.k = 1 + (i - 1) % (SELECT count(*) FROM pairs)`,
    [tag, n.discussions],
  );
  await step(
    `${n.messages} messages`,
    `WITH grown AS (
       SELECT d.id, d.customer_id, d.consultant_id, d.created_at, row_number() OVER (ORDER BY d.id) AS k, count(*) OVER () AS total
         FROM discussions d JOIN users u ON u.id = d.customer_id WHERE u.email LIKE 'scale-' || $1 || '-%'
     )
     INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, status, created_at)
     SELECT g.id, CASE WHEN i % 2 = 0 THEN g.customer_id ELSE g.consultant_id END, CASE WHEN i % 2 = 0 THEN g.consultant_id ELSE g.customer_id END,
            'Scale message ' || i || ': ' || repeat('text ', 10 + i % 40), CASE WHEN i % 7 = 0 THEN 'open' ELSE 'read' END,
            g.created_at + (i / g.total) * interval '1 hour'
       FROM generate_series(1, $2::int) i JOIN grown g ON g.k = 1 + (i - 1) % (SELECT count(*) FROM grown)`,
    [tag, n.messages],
  );
  await step(
    `${n.ninaMessages} messages in Nina's open discussion`,
    `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, status, created_at)
     SELECT d.id, CASE WHEN i % 2 = 0 THEN $1::int ELSE $2::int END, CASE WHEN i % 2 = 0 THEN $2::int ELSE $1::int END,
            'Long thread ' || i || ': ' || repeat('words ', 10 + i % 60), 'read', now() - interval '300 days' + i * interval '10 seconds'
       FROM discussions d, generate_series(1, $3::int) i
      WHERE d.customer_id = $1 AND d.consultant_id = $2 AND d.status = 'open'`,
    [nina, consultant, n.ninaMessages],
  );
  await step(
    `${n.auditLines} audit lines`,
    `INSERT INTO audit_log (actor_id, action, item_type, item_id, at, details)
     SELECT $2::int, (ARRAY['advice.update', 'advice.publish', 'dashboard.update', 'news-item.update', 'message.create', 'user.update'])[1 + i % 6],
            (ARRAY['advice', 'advice', 'dashboard', 'news-item', 'message', 'user'])[1 + i % 6], i, now() - i * interval '30 seconds',
            jsonb_build_object('n', i)
       FROM generate_series(1, $1::int) i`,
    [n.auditLines, admin],
  );
  await step(
    `${n.collections} collections`,
    `WITH companies AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM entities WHERE slug LIKE 'scale-' || $1 || '-%')
     INSERT INTO exchange_collections (entity_id, project, created_at, updated_at)
     SELECT CASE WHEN i % 10 = 0 THEN $2::int ELSE c.id END, 'Scale project ' || $1 || ' ' || i,
            now() - (i % 800) * interval '1 day', now() - (i % 100) * interval '1 hour'
       FROM generate_series(1, $3::int) i JOIN companies c ON c.k = 1 + i % $4::int`,
    [tag, northwind, n.collections, n.companies],
  );
  await step(
    'folders',
    `INSERT INTO exchange_folders (collection_id, name, created_at)
     SELECT c.id, 'Folder ' || f, c.created_at
       FROM exchange_collections c, generate_series(1, 5) f
      WHERE c.project LIKE 'Scale project ' || $1 || ' %'`,
    [tag],
  );
  // Ten files per folder in every state (1 missing, 2 uploaded, 3 problem, 4 ok), then 200 in the
  // first folder of Northwind's first collection of the run.
  await step(
    `${n.files} files`,
    `WITH folders AS (
       SELECT f.id, f.created_at, row_number() OVER (ORDER BY f.id) AS k FROM exchange_folders f
         JOIN exchange_collections c ON c.id = f.collection_id
        WHERE c.project LIKE 'Scale project ' || $1 || ' %'
     ),
     big AS (
       SELECT f.id FROM exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id
        WHERE c.project LIKE 'Scale project ' || $1 || ' %' AND c.entity_id = $2 ORDER BY f.id LIMIT 1
     ),
     slots AS (
       SELECT folders.id AS folder_id, folders.created_at, slot AS n, (folders.k + slot) % 4 + 1 AS state
         FROM folders, generate_series(1, 10) slot
       UNION ALL
       SELECT big.id, now() - interval '1 year', 10 + slot, slot % 4 + 1 FROM big, generate_series(1, $3::int) slot
     )
     INSERT INTO exchange_files (folder_id, name, name_original, extension, size_bytes, storage_key, state, comment, upload_at, created_at, updated_at)
     SELECT folder_id, 'report-' || n || '.csv', 'report-' || n || '.csv', 'csv',
            CASE WHEN state = 1 THEN 0 ELSE 1000 + n * 37 END,
            CASE WHEN state = 1 THEN NULL ELSE 'scale/' || $1 || '/' || folder_id || '/' || n END, state,
            CASE WHEN state = 3 THEN 'The totals of March do not match' END,
            CASE WHEN state = 1 THEN NULL ELSE created_at + n * interval '1 hour' END,
            created_at, created_at + n * interval '1 hour'
       FROM slots`,
    [tag, northwind, 200 * factor],
  );
  await step('analyze', 'ANALYZE');
  return n;
}

async function main() {
  const arg = process.argv.indexOf('--factor');
  const factor = arg === -1 ? 1 : Number(process.argv[arg + 1]);
  if (!Number.isInteger(factor) || factor < 1) throw new Error('--factor takes a whole number from 1');
  const config = await loadConfig();
  // Some of its statements write a million rows: none is taken as stuck, however long it runs.
  const db = await openDatabase({ ...config, pgliteStuckSeconds: 0 });
  try {
    await migrate(db);
    const demo = await db.query("SELECT 1 FROM users WHERE email = 'user@northwind.test'");
    if (demo.rows.length === 0) throw new Error('The demo data is not there: start the portal once with SEED_DEMO=true first');
    const started = Date.now();
    await seedScale(db, factor);
    console.log(`seed:scale: ${factor}× written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
