// Known vulnerabilities in what the portal ships: `pnpm audit --prod --audit-level=high`, through
// the pinned pnpm. A high or critical advisory fails, unless scripts/audit-accepted.json names it
// with the reason (the README says why each one there is acceptable). The audit needs the
// registry's audit service: when it cannot be reached, or does not answer audits, the step says so
// and does not fail. Run alone: `node scripts/audit.mjs` (exit 1 on an unaccepted finding).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmVersion, root } from './pnpm.mjs';

const SEVERE = new Set(['high', 'critical']);

/** Advisories accepted on purpose: { "<advisory id or GHSA>": "why" }. */
function accepted() {
  try {
    return JSON.parse(readFileSync(join(root, 'scripts', 'audit-accepted.json'), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Runs the audit and prints what it found. Resolves with 'clean', 'findings' (unaccepted high or
 * critical advisories) or 'unavailable' (registry not reached, or no audit service).
 */
export function audit() {
  const result = spawnSync('npx', ['--yes', `pnpm@${pnpmVersion}`, 'audit', '--prod', '--audit-level=high', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    const why = result.error?.message ?? (result.stderr || result.stdout || '').trim().split('\n').pop();
    console.log(`The audit could not run (the registry was not reached?): ${why}. Step skipped, not failed.`);
    return 'unavailable';
  }
  return judge(report);
}

/** The verdict on a `pnpm audit --json` report (see audit()). */
export function judge(report) {
  if (report.error) {
    console.log(`The registry's audit service did not answer (${report.error.code}: ${report.error.message}). Step skipped, not failed.`);
    return 'unavailable';
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`pnpm audit --prod: ${JSON.stringify(counts)}`);
  const allowed = accepted();
  const severe = Object.values(report.advisories ?? {}).filter((advisory) => SEVERE.has(advisory.severity));
  const refused = [];
  for (const advisory of severe) {
    const ids = [String(advisory.id), advisory.github_advisory_id].filter(Boolean);
    const reason = ids.map((id) => allowed[id]).find(Boolean);
    const line = `${advisory.severity} ${advisory.module_name} ${advisory.vulnerable_versions} (${ids.join(', ')}): ${advisory.title}; fixed in ${advisory.patched_versions}; via ${advisory.findings?.[0]?.paths?.[0] ?? '?'}`;
    if (reason) console.log(`accepted: ${line}\n  because ${reason}`);
    else {
      console.log(`✖ ${line}`);
      refused.push(line);
    }
  }
  if (refused.length > 0) {
    console.log(
      `${refused.length} high or critical advisories: upgrade, or accept one in scripts/audit-accepted.json and say why in the README`,
    );
    return 'findings';
  }
  return 'clean';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(audit() === 'findings' ? 1 : 0);
