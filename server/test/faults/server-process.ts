import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './throwaway-postgres';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SESSION_SECRET = 'fault-test-session-secret-0123456789-abcdefgh';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Its Prometheus metrics: a listener of its own per process (METRICS_PORT), so that two never collide. */
  metricsUrl: string;
  /** Everything the process printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How long a started process may take to answer. */
const STARTUP_LIMIT_MS = 240_000;

/**
 * The server as it runs in production, a process of its own (`node --import tsx src/main.ts`), on
 * embedded PGlite in `dataDir`, on a free loopback port (or `env.PORT`: a process started again in
 * the place of another, where nginx expects it). Resolves once it answers /api/health/live, or
 * rejects with its output when it exits before.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      SEED_DEMO: 'true',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      HUB_TEST_DB: '',
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  // Generous: opening and migrating a new PGlite folder takes seconds on a busy machine.
  // A start under the test command's load (three lanes on two cores) has taken past 100 s.
  for (let started = Date.now(); Date.now() - started < STARTUP_LIMIT_MS;) {
    if (gone) throw new Error(`the server exited before answering:\n${text}`);
    try {
      if ((await fetch(`${base}/api/health/live`)).status === 200)
        return { child, base, port, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, output: () => text, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${STARTUP_LIMIT_MS / 1000} s:\n${text}`);
}

/** Ends a started server process the way an operator does (SIGTERM), unless it has already ended. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}
