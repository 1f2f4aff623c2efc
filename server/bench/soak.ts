// The soak (measured, not asserted): two server processes behind nginx on one PostgreSQL, driven for
// minutes with a realistic mix, as README's "Deploying several processes" runs them.
//
//   cd server && npx tsx bench/soak.ts                 SOAK_MINUTES=10 SOAK_CONNECTIONS=200 (the defaults)
//   SOAK_FACTOR=100 npx tsx bench/soak.ts              the same on the demo data grown 100× first
//                                                      (scripts/seed-scale.ts; minutes more:
//                                                      docs/journal/2026-11-27-soak-100x.md)
//   SOAK_POSTERS=50                                    the customers' messages spread over this many
//                                                      customers of consultant@demo.test, each in their own
//                                                      discussion (2 by default: Nina and Carl)
//
// Starts a throwaway PostgreSQL cluster (Debian's postgresql, test/faults/throwaway-postgres.ts),
// two server processes on it with the demo data (one DATA_DIR) and nginx with deploy/nginx.conf,
// all on 127.0.0.1 (test/deploy/deployment.ts). The per-address rate limit is raised by
// configuration (RATE_LIMIT_MAX=1000000): every connection comes from 127.0.0.1. Signs in six demo
// people, then drives autocannon (in a child process, one run per minute) with a cycle of 50
// requests per connection: 45 reads (the home widgets' pinned news and upcoming trainings, the
// session's user, advices, news, dashboards, discussions and waiting messages) and 5 writes (a
// discussion message by a customer; an advice created, published and deleted by a contributor; a
// profile picture uploaded). Prints per minute: requests, answers by status, errors, p50/p99, each
// process's RSS and the machine's load average. At the end, every acknowledged write (each 2xx write
// answer, recorded by id) is looked up in the database: "missing acknowledged writes: N".
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options, Result } from 'autocannon';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const SECONDS_PER_ROUND = Number(process.env.SOAK_ROUND_S ?? 60);
/** SOAK_FACTOR: the demo data grown this many times before the processes start (0: the demo data alone). */
const FACTOR = Number(process.env.SOAK_FACTOR ?? 0);
/**
 * SOAK_POSTERS: how many customers write the messages, in turn. Each writes into their own open
 * discussion, and a message keeps its discussion's row locked until it commits: with two, every
 * message of the run queues on two rows, which real customers, each in their own thread, do not.
 */
const POSTERS = Math.max(2, Number(process.env.SOAK_POSTERS ?? 2));

interface LoadPlan {
  front: string;
  tokens: Record<'user' | 'other' | 'consultant' | 'contributor' | 'publisher' | 'admin', string>;
  /** The customers who write the messages, in turn (Nina and Carl first). */
  posters: string[];
  seconds: number;
  connections: number;
  /** Where the child writes the ids of the acknowledged writes. */
  out: string;
}

/** What the child reports for each round. */
interface Round {
  result: Result & { statusCodeStats?: Record<string, { count: number }> };
  writes: Written;
}
interface Written {
  messages: number[];
  advicesCreated: number[];
  advicesDeleted: number[];
  /** Deletions sent, answered or not (one in flight when a round ends may be done without its answer). */
  advicesDeleteSent: number[];
  images: number[];
  /** Write answers that were not 2xx, by status. */
  refused: Record<string, number>;
}

// A 1×1 PNG: the smallest picture the image checks accept.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The child: one autocannon run of `plan.seconds`, the acknowledged writes recorded by id. */
async function runLoad(plan: LoadPlan): Promise<void> {
  const { default: autocannon } = (await import('autocannon')) as unknown as {
    default: (options: Options & Record<string, unknown>) => Promise<Result>;
  };
  const written: Written = { messages: [], advicesCreated: [], advicesDeleted: [], advicesDeleteSent: [], images: [], refused: {} };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const readers = [
    plan.tokens.user,
    plan.tokens.other,
    plan.tokens.consultant,
    plan.tokens.contributor,
    plan.tokens.publisher,
    plan.tokens.admin,
  ];
  const reads = [
    '/api/news-items',
    '/api/trainings/upcoming',
    '/api/auth/user',
    '/api/advices',
    '/api/advices?page=2',
    '/api/news-items?page=1&page_size=10',
    '/api/dashboards',
    '/api/discussions',
    '/api/discussions/pending',
  ];
  const boundary = 'soak-boundary-7806853';
  const imageBody = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nprofile\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nsoak.png\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="soak.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  type Context = { advice?: number; reader?: string };
  const refused = (what: string, status: number) => {
    if (status >= 300) written.refused[`${what} ${status}`] = (written.refused[`${what} ${status}`] ?? 0) + 1;
  };
  const read = (path: string) => ({
    method: 'GET',
    path,
    setupRequest: (request: Record<string, unknown>, context: Context) => {
      context.reader ??= readers[Math.floor(Math.random() * readers.length)]!;
      return { ...request, headers: bearer(context.reader) };
    },
  });
  const json = { 'content-type': 'application/json' };
  let counter = 0;
  const writes = [
    {
      method: 'POST',
      path: '/api/discussions',
      setupRequest: (request: Record<string, unknown>) => ({
        ...request,
        headers: { ...bearer(plan.posters[(counter += 1) % plan.posters.length]!), ...json },
        body: JSON.stringify({ message: `Soak message ${counter}` }),
      }),
      onResponse: (status: number, body: string) => {
        if (status === 201) written.messages.push((JSON.parse(body) as { message: { id: number } }).message.id);
        else refused('message', status);
      },
    },
    {
      method: 'POST',
      path: '/api/admin/advices',
      headers: { ...bearer(plan.tokens.contributor), ...json },
      body: JSON.stringify({ title: 'Soak advice', description: '<p>Written by the soak.</p>' }),
      onResponse: (status: number, body: string, context: Context) => {
        if (status === 201) {
          context.advice = (JSON.parse(body) as { id: number }).id;
          written.advicesCreated.push(context.advice);
        } else refused('advice create', status);
      },
    },
    {
      method: 'PUT',
      setupRequest: (request: Record<string, unknown>, context: Context) =>
        context.advice === undefined
          ? { ...request, method: 'GET', path: '/api/health', headers: {} }
          : { ...request, path: `/api/admin/advices/${context.advice}/publish`, headers: bearer(plan.tokens.contributor) },
      onResponse: (status: number, _body: string, context: Context) => {
        if (context.advice !== undefined) refused('advice publish', status);
      },
    },
    {
      method: 'DELETE',
      setupRequest: (request: Record<string, unknown>, context: Context) => {
        if (context.advice === undefined) return { ...request, method: 'GET', path: '/api/health', headers: {} };
        written.advicesDeleteSent.push(context.advice);
        return { ...request, path: `/api/admin/advices/${context.advice}`, headers: bearer(plan.tokens.contributor) };
      },
      onResponse: (status: number, _body: string, context: Context) => {
        if (context.advice === undefined) return;
        if (status === 204 || status === 200) written.advicesDeleted.push(context.advice);
        else refused('advice delete', status);
      },
    },
    {
      method: 'POST',
      path: '/api/images',
      setupRequest: (request: Record<string, unknown>, context: Context) => ({
        ...request,
        headers: { ...bearer(context.reader ?? plan.tokens.user), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: imageBody,
      }),
      onResponse: (status: number, body: string) => {
        if (status === 201) written.images.push((JSON.parse(body) as { id: number }).id);
        else refused('image', status);
      },
    },
  ];
  // 45 reads and 5 writes per cycle; the writes spread through it (the advice's three in order).
  const requests: unknown[] = [];
  for (let index = 0; index < 45; index += 1) {
    requests.push(read(reads[index % reads.length]!));
    if (index % 9 === 8) requests.push(writes[Math.floor(index / 9)]!);
  }
  const result = await autocannon({ url: plan.front, connections: plan.connections, duration: plan.seconds, requests, timeout: 20 });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(plan.out, JSON.stringify(written));
  process.stdout.write(JSON.stringify(result));
}

/** One round in a child process, so that the load generator's CPU is its own. */
function round(plan: LoadPlan): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'load', JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load exited with ${code}`));
      resolve({ result: JSON.parse(out) as Round['result'], writes: JSON.parse(readFileSync(plan.out, 'utf8')) as Written });
    });
  });
}

const rssMb = (pid: number | undefined) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return NaN;
  }
};

async function main() {
  const { deploymentMissing, startDeployment } = await import('../test/deploy/deployment');
  const { readSse } = await import('../test/test-support/sse-reader');
  const missing = deploymentMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  console.log(
    `soak: ${MINUTES} min at ${CONNECTIONS} connections, through nginx to two processes on one PostgreSQL` +
      (FACTOR > 0 ? `, on the demo data grown ${FACTOR}×` : ''),
  );
  const { seedDemoData } = await import('../src/db/seed/demo-data');
  const { seedScale } = await import('../scripts/seed-scale');
  // Grown before the processes start: the demo data first (as the processes would seed it), then the scale seed.
  const grow =
    FACTOR > 0
      ? async (db: Parameters<typeof seedScale>[0]) => {
          await seedDemoData(db);
          const started = Date.now();
          await seedScale(db, FACTOR);
          console.log(`soak: the data grown ${FACTOR}× in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
      : undefined;
  const deployment = await startDeployment({ env: { RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' }, prepare: grow });
  try {
    const { front, a, b, signIn } = deployment;
    const tokens: LoadPlan['tokens'] = {
      user: await signIn(front, 'user@northwind.test'),
      other: await signIn(front, 'user@contoso.test'),
      consultant: await signIn(front, 'consultant@demo.test'),
      contributor: await signIn(front, 'contributor@northwind.test'),
      publisher: await signIn(front, 'publisher@demo.test'),
      admin: await signIn(front, 'admin@demo.test'),
    };
    // More customers of the same consultant (their messages reach his streams too), each signed in.
    const { rows: more } = await deployment.db.query<{ email: string }>(
      `SELECT u.email FROM user_contacts uc JOIN users u ON u.id = uc.user_id JOIN users c ON c.id = uc.consultant_id
        WHERE c.email = 'consultant@demo.test' AND u.email NOT IN ('user@northwind.test', 'user@contoso.test')
        ORDER BY u.id LIMIT $1`,
      [POSTERS - 2],
    );
    const posters = [tokens.user, tokens.other, ...(await Promise.all(more.map((row) => signIn(front, row.email))))];
    console.log(`soak: messages written in turn by ${posters.length} customers of consultant@demo.test`);
    // Live streams open through nginx for the whole run, as the consultants' and customers' browsers keep them.
    const ticket = async (token: string) =>
      (
        (await (
          await fetch(`${front}/api/discussions/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
        ).json()) as { ticket: string }
      ).ticket;
    const streams = await Promise.all(
      [tokens.consultant, tokens.consultant, tokens.user, tokens.other].map(async (token) =>
        readSse(`${front}/api/discussions/events?ticket=${encodeURIComponent(await ticket(token))}`),
      ),
    );
    const all: Written = { messages: [], advicesCreated: [], advicesDeleted: [], advicesDeleteSent: [], images: [], refused: {} };
    const rows: string[] = [];
    const rss: Array<[number, number]> = [[rssMb(a.child.pid), rssMb(b.child.pid)]];
    console.log(`RSS at start: A ${rss[0]![0]} MB, B ${rss[0]![1]} MB`);
    const header =
      '| minute | requests | req/s | 2xx | by status (non-2xx) | errors | timeouts |   p50 |    p99 | RSS A (MB) | RSS B (MB) | load |';
    console.log(header);
    console.log(
      '| -----: | -------: | ----: | --: | ------------------- | -----: | -------: | ----: | -----: | ---------: | ---------: | ---: |',
    );
    for (let minute = 1; minute <= MINUTES; minute += 1) {
      const out = join(tmpdir(), `hub-soak-${process.pid}-${minute}.json`);
      const { result, writes } = await round({ front, tokens, posters, seconds: SECONDS_PER_ROUND, connections: CONNECTIONS, out });
      rmSync(out, { force: true });
      for (const key of ['messages', 'advicesCreated', 'advicesDeleted', 'advicesDeleteSent', 'images'] as const)
        all[key].push(...writes[key]);
      for (const [key, count] of Object.entries(writes.refused)) all.refused[key] = (all.refused[key] ?? 0) + count;
      const statuses = result.statusCodeStats ?? {};
      const ok = Object.entries(statuses)
        .filter(([status]) => status.startsWith('2'))
        .reduce((sum, [, value]) => sum + value.count, 0);
      const other =
        Object.entries(statuses)
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, value]) => `${value.count} × ${status}`)
          .join(', ') || '–';
      const sample: [number, number] = [rssMb(a.child.pid), rssMb(b.child.pid)];
      rss.push(sample);
      const row = `| ${minute} | ${result.requests.total} | ${Math.round(result.requests.total / result.duration)} | ${ok} | ${other} | ${result.errors} | ${result.timeouts} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${sample[0]} | ${sample[1]} | ${loadavg()[0]!.toFixed(1)} |`;
      rows.push(row);
      console.log(row);
    }

    // Every acknowledged message reached the consultant's live streams: how many had not when the
    // load stopped, and how long the last ones took (up to 60 s).
    const notHeard = () =>
      streams.slice(0, 2).map((stream) => {
        const ids = new Set(stream.received.filter((item) => item.event === 'message.created').map((item) => item.data.message_id));
        return all.messages.filter((id) => !ids.has(id)).length;
      });
    const atEnd = notHeard();
    const stoppedAt = Date.now();
    while (notHeard().some((count) => count > 0) && Date.now() - stoppedAt < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(
      `live streams: ${streams.map((stream) => stream.received.length).join(', ')} events received; acknowledged messages ` +
        `not yet heard on the consultant's two streams when the load stopped: ${atEnd.join(', ')}; ` +
        `${(Date.now() - stoppedAt) / 1000} s later: ${notHeard().join(', ')}`,
    );
    await Promise.all(streams.map((stream) => stream.close()));

    // Every acknowledged write is in the database (and every acknowledged deletion done).
    const { db } = deployment;
    const count = async (sql: string, ids: number[]) =>
      ids.length === 0 ? 0 : (await db.query<{ count: number }>(sql, [ids])).rows[0]!.count;
    const deleted = new Set(all.advicesDeleteSent);
    const kept = all.advicesCreated.filter((id) => !deleted.has(id));
    const missingMessages =
      all.messages.length - (await count('SELECT count(*)::int AS count FROM messages WHERE id = ANY($1)', all.messages));
    const missingImages = all.images.length - (await count('SELECT count(*)::int AS count FROM images WHERE id = ANY($1)', all.images));
    const missingAdvices = kept.length - (await count('SELECT count(*)::int AS count FROM advices WHERE id = ANY($1)', kept));
    const undeleted = await count('SELECT count(*)::int AS count FROM advices WHERE id = ANY($1)', all.advicesDeleted);
    const acknowledged = all.messages.length + all.advicesCreated.length + all.advicesDeleted.length + all.images.length;
    // Growth over the last 8 minutes (after 2 minutes of warm-up), or over the whole of a shorter run.
    const growthFrom = rss.length > 9 ? rss.length - 9 : 0;
    const growth = rss.at(-1)!.map((value, index) => Math.round((value - rss[growthFrom]![index]!) * 10) / 10);
    console.log(
      `\nacknowledged writes: ${acknowledged} (${all.messages.length} messages, ${all.advicesCreated.length} advices created, ` +
        `${all.advicesDeleted.length} deleted, ${all.images.length} images); write answers not 2xx: ${JSON.stringify(all.refused)}`,
    );
    console.log(
      `missing acknowledged writes: ${missingMessages + missingImages + missingAdvices + undeleted} ` +
        `(messages ${missingMessages}, images ${missingImages}, advices ${missingAdvices}, deletions not done ${undeleted})`,
    );
    console.log(
      `RSS growth from ${growthFrom === 0 ? 'the start' : `the end of minute ${growthFrom}`} to the end: A ${growth[0]} MB, B ${growth[1]} MB`,
    );
    // What the processes logged at warn or above (LOG_LEVEL=warn), by message: the cause of any 5xx.
    for (const [name, server] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const counts = new Map<string, number>();
      for (const line of server.output().split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; message?: string; err?: { message?: string } };
          const key = `${entry.level} ${entry.msg ?? ''}${entry.message ? `: ${entry.message}` : ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        } catch {
          // not a log line
        }
      }
      console.log(`process ${name} logged: ${counts.size === 0 ? 'nothing at warn or above' : JSON.stringify(Object.fromEntries(counts))}`);
    }
    const fives = rows.join('\n').match(/\d+ × 5\d\d/g) ?? [];
    console.log(`5xx answers: ${fives.length === 0 ? 0 : fives.join(', ')}`);
  } finally {
    await deployment.stop();
  }
}

if (process.argv[2] === 'load') await runLoad(JSON.parse(process.argv[3]!) as LoadPlan);
else await main();
