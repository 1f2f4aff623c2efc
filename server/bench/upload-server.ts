// The server side of bench/upload.mjs, in its own process so that its memory is measured alone:
// the real app on PGlite (demo data) with DATA_DIR given by the bench, listening on 127.0.0.1, a
// test identity provider registered, user@northwind.test signed in to the file-exchange API, and
// a collection with two empty folders for the bench's uploads. Prints one JSON line, then serves
// until killed.
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite-db';
import { seedDemoData } from '../src/db/seed/demo-data';
import { loadConfig } from '../src/plugins/external/config';
import { startTestIdp } from '../test/test-support/test-idp';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = await openPglite();
await migrate(db);
await seedDemoData(db);
const config = await loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' });
const app = await buildApp({ ...config, embeddedIdp: false, seedDemo: true }, { db });
const idp = await startTestIdp();
await idp.register(app);
await app.ready();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await app.inject({
  method: 'POST',
  url: '/api/v2/auth/login',
  payload: { token: await idp.sign({ email: 'user@northwind.test' }) },
});
const token = (login.json() as { access_token: string }).access_token;
const { rows: entity } = await db.query<{ id: number }>(`SELECT id FROM entities WHERE slug = 'northwind-traders'`);
const { rows: collection } = await db.query<{ id: number }>(
  `INSERT INTO exchange_collections (entity_id, project) VALUES ($1, 'Bench') RETURNING id`,
  [entity[0]!.id],
);
const folders: Record<string, number> = {};
for (const name of ['tus', 'multipart']) {
  const { rows } = await db.query<{ id: number }>('INSERT INTO exchange_folders (collection_id, name) VALUES ($1, $2) RETURNING id', [
    collection[0]!.id,
    name,
  ]);
  folders[name] = rows[0]!.id;
}
process.stdout.write(`${JSON.stringify({ address, token, entityId: entity[0]!.id, folders })}\n`);

// BENCH_PROFILE_DIR: a CPU profile per transfer. The bench writes "start <name>" and "stop" on stdin.
const profileDir = process.env.BENCH_PROFILE_DIR;
if (profileDir) {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const { createInterface } = await import('node:readline');
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  let current = '';
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, ...rest] = line.split(' ');
    if (command === 'start') {
      current = rest.join('-');
      await inspector.post('Profiler.start');
    } else if (command === 'stop') {
      const { profile } = await inspector.post('Profiler.stop');
      await writeFile(`${profileDir}/${current}.cpuprofile`, JSON.stringify(profile));
    }
    process.stdout.write('ok\n');
  }
}

const stop = async () => {
  await app.close();
  await idp.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
