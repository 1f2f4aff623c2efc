// Bench of Collectmaster's transfers (measured, not asserted), on one disk in one run:
//
//   cd server && node bench/upload.mjs            (BENCH_SIZE_MB=1024 by default; BENCH_DIR=/tmp)
//
// Makes a file of BENCH_SIZE_MB in BENCH_DIR, copies it with `cp` (the reference), then starts the
// real server in a child process (bench/upload-server.ts, DATA_DIR in BENCH_DIR: the same disk)
// and sends the same file through the API: a tus upload (POST, then one PATCH streaming the whole
// file, as tus-js-client does with its default chunk size), then a multipart upload; then
// downloads it (GET file/{id}/download) and the folder holding it as a zip (GET folder/{id}/zip),
// both into /dev/null. The server's resident memory (VmRSS in /proc) is sampled every 20 ms during
// each transfer: "RSS growth" is its peak minus its value just before. Prints a table and JSON.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const SIZE_MB = Number(process.env.BENCH_SIZE_MB ?? 1024);
const SIZE = SIZE_MB * 1024 * 1024;
const WORK = join(process.env.BENCH_DIR ?? '/tmp', `hub-bench-upload-${process.pid}`);
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

mkdirSync(WORK, { recursive: true });
const source = join(WORK, 'source.bin');
const results = [];
let child;
/** BENCH_PROFILE_DIR: the server writes a CPU profile of each transfer there (bench/upload-server.ts). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
let control = async () => undefined;

function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Runs `work`, timing it and sampling the server's RSS meanwhile. */
async function measure(name, work, pid) {
  const before = pid ? rssOf(pid) : 0;
  let peak = before;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20) : null;
  if (pid) await control(`start ${name.replace(/[^a-z0-9]+/gi, '-')}`);
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (pid) await control('stop');
  if (sampler) clearInterval(sampler);
  if (pid) peak = Math.max(peak, rssOf(pid));
  const row = {
    name,
    seconds: Number(seconds.toFixed(2)),
    mb_per_s: Number((SIZE / MB / seconds).toFixed(1)),
    rss_before_mb: pid ? Number((before / MB).toFixed(1)) : null,
    rss_growth_mb: pid ? Number(((peak - before) / MB).toFixed(1)) : null,
  };
  results.push(row);
  console.log(
    `  ${name.padEnd(28)} ${String(row.seconds).padStart(7)} s ${String(row.mb_per_s).padStart(8)} MB/s${pid ? `   RSS growth ${row.rss_growth_mb} MB` : ''}`,
  );
  return row;
}

function send(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) pipeline(body, req).catch(reject);
    else req.end();
  });
}

function drain(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

try {
  console.log(`Collectmaster transfer bench: ${SIZE_MB} MB in ${WORK}`);
  // The file: 1 MB of random bytes repeated (what counts is the size; it is neither zeros nor compressible by chunk).
  const block = randomBytes(MB);
  await pipeline(
    (function* () {
      for (let i = 0; i < SIZE_MB; i++) yield block;
    })(),
    createWriteStream(source),
  );
  const sourceHash = createHash('sha256');
  for await (const chunk of createReadStream(source)) sourceHash.update(chunk);
  const expected = sourceHash.digest('hex');

  await measure('cp (same disk)', async () => {
    const copy = spawnSync('cp', [source, join(WORK, 'copy.bin')]);
    if (copy.status !== 0) throw new Error(`cp failed: ${copy.stderr}`);
  });
  rmSync(join(WORK, 'copy.bin'));

  const dataDir = join(WORK, 'data');
  child = spawn(process.execPath, ['--import', 'tsx', 'bench/upload-server.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123' },
    stdio: [PROFILE_DIR ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  let waiting = null;
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
    let end;
    while ((end = text.indexOf('\n')) >= 0) {
      lines.push(text.slice(0, end));
      text = text.slice(end + 1);
    }
    if (lines.length > 0 && waiting) waiting();
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = new Error(`bench server exited (${code})`);
    waiting?.();
  });
  const nextLine = () =>
    new Promise((resolve, reject) => {
      const take = () => {
        waiting = null;
        if (lines.length > 0) resolve(lines.shift());
        else reject(exited);
      };
      if (lines.length > 0 || exited) return take();
      waiting = take;
    });
  const info = JSON.parse(await nextLine());
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    control = async (command) => {
      child.stdin.write(`${command}\n`);
      await nextLine();
    };
  }
  const auth = { authorization: `Bearer ${info.token}` };
  const pid = child.pid;

  let tusFileId;
  await measure(
    'tus upload (1 PATCH)',
    async () => {
      const metadata = [
        `folderId ${Buffer.from(String(info.folders.tus)).toString('base64')}`,
        `filename ${Buffer.from('bench.bin').toString('base64')}`,
      ].join(',');
      const created = await send('POST', `${info.address}/api/v2/uploads`, {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': metadata,
      });
      if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.body}`);
      const done = await send(
        'PATCH',
        `${info.address}${created.headers.location}`,
        {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(SIZE),
        },
        createReadStream(source, { highWaterMark: MB }),
      );
      if (done.status !== 200) throw new Error(`tus patch: ${done.status} ${done.body}`);
      tusFileId = JSON.parse(done.body).id;
    },
    pid,
  );

  await measure(
    'multipart upload',
    async () => {
      const boundary = 'bench-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = (async function* () {
        yield head;
        for await (const chunk of createReadStream(source, { highWaterMark: MB })) yield chunk;
        yield tail;
      })();
      const done = await send(
        'POST',
        `${info.address}/api/v2/entity/${info.entityId}/folders/${info.folders.multipart}/upload-files`,
        {
          ...auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + SIZE + tail.length),
        },
        body,
      );
      if (done.status !== 201) throw new Error(`multipart: ${done.status} ${done.body}`);
    },
    pid,
  );

  // The stored bytes are the source's.
  const stored = readdirStored(dataDir);
  for (const path of stored) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk);
    if (hash.digest('hex') !== expected) throw new Error(`stored ${path} differs from the source`);
  }

  await measure(
    'download (file)',
    async () => {
      const bytes = await drain(`${info.address}/api/v2/file/${tusFileId}/download`, auth);
      if (bytes !== SIZE) throw new Error(`download: ${bytes} bytes`);
    },
    pid,
  );
  await measure(
    'download (folder as zip)',
    async () => {
      const bytes = await drain(`${info.address}/api/v2/folder/${info.folders.tus}/zip`, auth);
      if (bytes < SIZE) throw new Error(`zip: ${bytes} bytes`);
    },
    pid,
  );

  const cp = results[0].mb_per_s;
  console.log('\nvs cp:');
  for (const row of results.slice(1)) console.log(`  ${row.name.padEnd(28)} ${((row.mb_per_s / cp) * 100).toFixed(0)} % of cp`);
  console.log(JSON.stringify({ size_mb: SIZE_MB, node: process.version, results }, null, 2));
} finally {
  child?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(WORK, { recursive: true, force: true });
}

function readdirStored(dataDir) {
  const folder = join(dataDir, 'files', 'exchange');
  return spawnSync('ls', [folder])
    .stdout.toString()
    .split('\n')
    .filter((name) => name.startsWith('fx-'))
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).size === SIZE);
}
