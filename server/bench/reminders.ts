// The reminders' pass, measured (figures for docs/performance.md; nothing asserted).
//
//   cd server && DATABASE_URL=postgres://… npx tsx bench/reminders.ts
//        BENCH_USERS=50000 BENCH_REQUESTS=2000 BENCH_ENTITIES=100 (the defaults)
//
// In a schema of its own (dropped at the end) of the database named by DATABASE_URL: the
// migrations, BENCH_ENTITIES companies sharing BENCH_USERS users, BENCH_REQUESTS expected files
// with a due date in 3 days (spread over the companies), and a training starting in 12 hours. Then:
// 1. a pass with nothing due (the clock a week earlier): the cost of every minute's tick;
// 2. the pass that sends "due soon" for every request and the training reminder to everyone;
// 3. the same pass again, which sends nothing (each step claimed already);
// 4. two passes at once from two connections (two processes), on the day: sent once between them.
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres-db';
import { sendReminders } from '../src/lib/reminders/reminders';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (a PostgreSQL database the bench may create a schema in)');
  process.exit(1);
}
const users = Number(process.env.BENCH_USERS ?? 50_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 2_000);
const entities = Number(process.env.BENCH_ENTITIES ?? 100);
const schema = `bench_reminders_${randomBytes(4).toString('hex')}`;

const admin = await openPostgres({ connectionString: url });
await admin.query(`CREATE SCHEMA ${schema}`);
const db = await openPostgres({ connectionString: url, schema });
const other = await openPostgres({ connectionString: url, schema });
const timed = async <T>(label: string, run: () => Promise<T>) => {
  const start = performance.now();
  const result = await run();
  console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`, result);
  return result;
};

try {
  await migrate(db);
  const now = new Date('2031-03-07T08:00:00Z');
  await db.query(`INSERT INTO entities (name, slug) SELECT 'Company ' || n, 'company-' || n FROM generate_series(1, $1::int) n`, [
    entities,
  ]);
  await db.query(
    `INSERT INTO users (email, entity_id)
     SELECT 'user' || n || '@bench.test', (SELECT id FROM entities ORDER BY id OFFSET (n % $2::int) LIMIT 1)
       FROM generate_series(1, $1::int) n`,
    [users, entities],
  );
  await db.query(`INSERT INTO exchange_collections (entity_id, project) SELECT id, 'Project' FROM entities`);
  await db.query(`INSERT INTO exchange_folders (collection_id, name) SELECT id, 'Folder' FROM exchange_collections`);
  await db.query(
    `INSERT INTO exchange_files (folder_id, name, name_original, state, due_on, requested_at)
     SELECT (SELECT id FROM exchange_folders ORDER BY id OFFSET (n % $2::int) LIMIT 1), 'file-' || n || '.csv', 'file-' || n || '.csv', 1,
            DATE '2031-03-10', TIMESTAMPTZ '2031-03-01T08:00:00Z'
       FROM generate_series(1, $1::int) n`,
    [requests, entities],
  );
  await db.query(`INSERT INTO trainings (intitule, date_debut) VALUES ('Bench webinar', $1::timestamptz + interval '12 hours')`, [now]);
  await db.query('ANALYZE');
  console.log(`${users} users in ${entities} companies, ${requests} requests due 2031-03-10, one training`);

  await timed('1. a pass with nothing due', () => sendReminders(db, new Date('2031-02-28T08:00:00Z')));
  await timed('2. due soon for every request, the training to everyone', () => sendReminders(db, now));
  await timed('3. the same pass again', () => sendReminders(db, now));
  const day = new Date('2031-03-10T08:00:00Z');
  await timed('4. two passes at once, on the day', () => Promise.all([sendReminders(db, day), sendReminders(other, day)]));
  const { rows } = await db.query<{ event: string; count: number }>(
    'SELECT event, count(*)::int AS count FROM notifications GROUP BY event ORDER BY event',
  );
  console.log('notifications written:', Object.fromEntries(rows.map((row) => [row.event, row.count])));
} finally {
  await db.close();
  await other.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}
