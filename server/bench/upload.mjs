// Bench of Collectmaster's transfers (measured, not asserted), on one disk in one run:
//
//   cd server && node bench/upload.mjs            (BENCH_SIZE_MB=1024 by default; BENCH_DIR=/tmp)
//
// Makes a file of BENCH_SIZE_MB in BENCH_DIR, then measures, on the same disk:
// - the references: `cp` (the issue's; coreutils 9 copies with copy_file_range, inside the kernel,
//   from the page cache: no byte reaches user space), `dd bs=1M` (a user-space copy: read and write
//   through a 1 MB buffer), a Node pipeline of the same (1 MB chunks), and the bare loopback
//   transfers Node itself can do: a plain node:http server (no framework, no protocol) taking a PUT
//   into a file, and answering a GET from the file, with 1 MB buffers, in its own process;
// - the real server in a child process (bench/upload-server.ts, DATA_DIR in BENCH_DIR) through the
//   API: a tus upload (POST, then one PATCH streaming the whole file, as tus-js-client does with
//   its default chunk size), a multipart upload, the file's download (GET file/{id}/download) and
//   its folder as a zip (GET folder/{id}/zip), both into /dev/null.
// The stored bytes are checked against the source (SHA-256). The server's resident memory (VmRSS)
// is sampled every 20 ms: "RSS growth" is its peak minus its value just before. CPU seconds are the
// server's (all its threads, from /proc) and the client's (this process). The load average is
// printed before and after: the machine is shared, and figures taken under load are not comparable.
// Before each measure, `sync` flushes the previous writes (outside the timing).
// BENCH_PROFILE_DIR=<dir>: the server writes a CPU profile of each API transfer there.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const SIZE_MB = Number(process.env.BENCH_SIZE_MB ?? 1024);
const SIZE = SIZE_MB * 1024 * 1024;
const WORK = join(process.env.BENCH_DIR ?? '/tmp', `hub-bench-upload-${process.pid}`);
/** BENCH_SERVER_DIR: the server to measure (another checkout's server/ folder, to compare); this one by default. */
const serverDir = process.env.BENCH_SERVER_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

/** A plain node:http server: PUT writes the body into argv[1], GET answers it; 1 MB buffers. */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { createReadStream, createWriteStream, statSync } = require('node:fs');
const { pipeline } = require('node:stream');
const target = process.argv[1];
const server = createServer((req, res) => {
  if (req.method === 'PUT') {
    pipeline(req, createWriteStream(target, { highWaterMark: 1 << 20 }), (error) => {
      res.statusCode = error ? 500 : 201;
      res.end();
    });
  } else {
    res.setHeader('content-length', statSync(target).size);
    pipeline(createReadStream(target, { highWaterMark: 1 << 20 }), res, () => undefined);
  }
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

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

/** CPU seconds (user + system) of process `pid` and all its threads so far. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs `work`, timing it and sampling the server's RSS meanwhile; `kind` says what the row is. */
async function measure(name, work, pid, kind = 'api') {
  // Each transfer starts with no dirty pages waiting: the previous ones' writes are flushed first
  // (outside the timing), so that none is slowed by the kernel's write-back of another's bytes.
  spawnSync('sync');
  const before = pid ? rssOf(pid) : 0;
  const serverCpu = pid ? cpuOf(pid) : 0;
  const clientCpu = process.cpuUsage();
  let peak = before;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20) : null;
  if (pid && kind === 'api') await control(`start ${name.replace(/[^a-z0-9]+/gi, '-')}`);
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const client = process.cpuUsage(clientCpu);
  if (pid && kind === 'api') await control('stop');
  if (sampler) clearInterval(sampler);
  if (pid) peak = Math.max(peak, rssOf(pid));
  const row = {
    name,
    kind,
    seconds: Number(seconds.toFixed(2)),
    mb_per_s: Number((SIZE / MB / seconds).toFixed(1)),
    server_cpu_s: pid ? Number((cpuOf(pid) - serverCpu).toFixed(2)) : null,
    client_cpu_s: Number(((client.user + client.system) / 1e6).toFixed(2)),
    rss_before_mb: pid ? Number((before / MB).toFixed(1)) : null,
    rss_growth_mb: pid ? Number(((peak - before) / MB).toFixed(1)) : null,
  };
  results.push(row);
  const cpu = pid ? `   CPU server ${row.server_cpu_s} s, client ${row.client_cpu_s} s` : '';
  console.log(
    `  ${name.padEnd(34)} ${row.seconds.toFixed(2).padStart(6)} s ${row.mb_per_s.toFixed(0).padStart(6)} MB/s${cpu}${pid && kind === 'api' ? `   RSS growth ${row.rss_growth_mb} MB` : ''}`,
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
  console.log(`Collectmaster transfer bench: ${SIZE_MB} MB in ${WORK}, ${process.version}`);
  const loadBefore = load();
  console.log(`load average before: ${loadBefore} (${availableParallelism()} CPUs)`);
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

  const copy = join(WORK, 'copy.bin');
  await measure(
    'cp (copy_file_range, in kernel)',
    async () => {
      const done = spawnSync('cp', [source, copy]);
      if (done.status !== 0) throw new Error(`cp failed: ${done.stderr}`);
    },
    null,
    'cp',
  );
  rmSync(copy);
  await measure(
    'dd bs=1M (user-space copy)',
    async () => {
      const done = spawnSync('dd', [`if=${source}`, `of=${copy}`, 'bs=1M', 'status=none']);
      if (done.status !== 0) throw new Error(`dd failed: ${done.stderr}`);
    },
    null,
    'dd',
  );
  rmSync(copy);
  await measure(
    'node pipeline, 1 MB chunks',
    () => pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(copy, { highWaterMark: MB })),
    null,
    'node-copy',
  );
  rmSync(copy);

  // What Node itself does over loopback, with nothing in between: the ceiling of any transfer here.
  const bare = spawn(process.execPath, ['-e', BARE_SERVER, copy], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise((resolve, reject) => {
      bare.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      bare.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    });
    const bareUrl = `http://127.0.0.1:${port}/`;
    await measure(
      'bare node:http PUT -> file',
      async () => {
        const done = await send('PUT', bareUrl, { 'content-length': String(SIZE) }, createReadStream(source, { highWaterMark: MB }));
        if (done.status !== 201) throw new Error(`bare PUT: ${done.status}`);
      },
      bare.pid,
      'bare-up',
    );
    await measure(
      'bare node:http GET file',
      async () => {
        const bytes = await drain(bareUrl, {});
        if (bytes !== SIZE) throw new Error(`bare GET: ${bytes} bytes`);
      },
      bare.pid,
      'bare-down',
    );
  } finally {
    bare.kill('SIGTERM');
  }
  rmSync(copy, { force: true });

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
  // The server's own log lines (warnings) may come first: its bench line is the one with an address.
  let info = {};
  while (!info.address) {
    const line = await nextLine();
    if (line.startsWith('{"address"')) info = JSON.parse(line);
  }
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

  const rate = (kind) => results.find((row) => row.kind === kind).mb_per_s;
  const percent = (value, of) => `${((value / of) * 100).toFixed(0)} %`.padStart(6);
  console.log(`\nload average after: ${load()}`);
  console.log(
    `\nOf each reference (cp is an in-kernel copy_file_range from the page cache: no transfer through a socket can reach it here):`,
  );
  console.log(`  ${''.padEnd(34)}  of cp  of dd  of node copy  of bare node:http`);
  for (const row of results.filter((r) => r.kind === 'api')) {
    const bareRate = rate(row.name.includes('upload') ? 'bare-up' : 'bare-down');
    console.log(
      `  ${row.name.padEnd(34)} ${percent(row.mb_per_s, rate('cp'))} ${percent(row.mb_per_s, rate('dd'))} ${percent(row.mb_per_s, rate('node-copy')).padStart(12)} ${percent(row.mb_per_s, bareRate).padStart(17)}`,
    );
  }
  console.log(JSON.stringify({ size_mb: SIZE_MB, node: process.version, load_before: loadBefore, load_after: load(), results }, null, 2));
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
