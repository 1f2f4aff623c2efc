// The browsers of bench/client-events.ts, in a process of their own: POST /api/client-events at a
// steady rate, each batch as one of the signed-in people in turn. Prints, as JSON on stdout, the
// batches sent, their statuses, and the answers' p50 and p99 in milliseconds.
//
//   node bench/client-events-sender.mjs '{"url", "tokens", "batchesPerSecond", "eventsPerBatch", "seconds", "version"}'
import { request, Agent } from 'node:http';

const { url, tokens, batchesPerSecond, eventsPerBatch, seconds, version } = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const target = new URL(url);
const events = Array.from({ length: eventsPerBatch }, (_, i) => ({
  remote: 'content',
  version,
  // One error in ten events: a release that fails now and then.
  kind: i % 10 === 9 ? 'boundary' : 'mount',
  count: 1,
  ...(i % 10 === 9 ? { error_name: 'TypeError', file: `/remotes/content/${version}/app.js`, line: 42 } : {}),
}));
const body = JSON.stringify({ events });
const latencies = [];
const statuses = {};
let sent = 0;
let next = 0;

function send() {
  const token = tokens[next++ % tokens.length];
  const started = performance.now();
  sent++;
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      },
    );
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    req.end(body);
  });
}

// Batches are due at fixed times from the start, so a slow answer never lowers the rate.
const start = performance.now();
const total = Math.round(batchesPerSecond * seconds);
const inFlight = [];
for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / batchesPerSecond;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(send());
}
await Promise.all(inFlight);
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(JSON.stringify({ sent, statuses, eventsPerSecond: (sent * eventsPerBatch) / elapsed, p50: at(0.5), p99: at(0.99) }));
agent.destroy();
