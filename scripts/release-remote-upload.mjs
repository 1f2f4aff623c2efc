// The portal side of scripts/release-remote.mjs: its arguments, and a built release sent to a
// running portal (its files into the portal's store unless the team hosts them, the release
// registered, its candidate started). Kept apart from the build so that it is tested on its own
// (server/test/scripts/release-remote.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE =
  'Usage: node scripts/release-remote.mjs <content|dashboards|contact|collectmaster|admin> [--version V] [--base URL]\n' +
  '       [--to <portal URL> --token <token> [--share N] [--entity ID]… [--note TEXT]]\n' +
  '  --to        the portal to release to: the files are uploaded into its store (unless --base names\n' +
  '              where the team hosts them), the release is registered and its candidate started\n' +
  "  --token     the remote's release token (or HUB_RELEASE_TOKEN), from the portal's Remotes console\n" +
  '  --share     the share of people given the candidate, 0–100 (default 0)\n' +
  '  --entity    a company (entity id) whose people all get the candidate; repeat for more';

export const REMOTES = ['content', 'dashboards', 'contact', 'collectmaster', 'admin'];
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

/** A refusal of the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * The command line, checked: `{ name, version?, base?, to?, token?, share?, entities, note? }`.
 * Throws UsageError naming what is wrong. `env` gives HUB_RELEASE_TOKEN (a CI secret, kept out of
 * the process list).
 */
export function parseReleaseArgs(argv, env = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        version: { type: 'string' },
        base: { type: 'string' },
        to: { type: 'string' },
        token: { type: 'string' },
        share: { type: 'string' },
        entity: { type: 'string', multiple: true },
        note: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values, positionals } = parsed;
  const name = positionals[0];
  if (!REMOTES.includes(name) || positionals.length > 1) throw new UsageError(`Name one remote: ${REMOTES.join(', ')}`);
  if (values.version !== undefined && (!VERSION.test(values.version) || values.version.length > 100)) {
    throw new UsageError(`"${values.version}" is not a folder name a URL can carry: use letters, digits, '.', '-', '_', '+'.`);
  }
  const url = (option, text) => {
    if (text === undefined) return undefined;
    // An empty --base: the printed manifest URL is a path of the portal that serves it.
    if (option === 'base' && text === '') return '';
    const parsedUrl = URL.parse(text);
    if (!parsedUrl || !['http:', 'https:'].includes(parsedUrl.protocol))
      throw new UsageError(`--${option} must be an http(s) URL (got "${text}")`);
    return text.replace(/\/+$/, '');
  };
  const to = url('to', values.to);
  const base = url('base', values.base);
  const token = values.token ?? env.HUB_RELEASE_TOKEN;
  const portalOnly = ['share', 'entity', 'note', 'token'].filter((option) => values[option] !== undefined);
  if (!to && portalOnly.length > 0) throw new UsageError(`--${portalOnly[0]} goes with --to <portal URL>`);
  if (to && !token) throw new UsageError("--to needs the remote's release token: --token <token> or HUB_RELEASE_TOKEN");
  let share;
  if (values.share !== undefined) {
    if (!/^\d{1,3}$/.test(values.share) || Number(values.share) > 100)
      throw new UsageError(`--share is a whole percentage, 0–100 (got "${values.share}")`);
    share = Number(values.share);
  }
  const entities = (values.entity ?? []).map((text) => {
    if (!/^[1-9]\d{0,9}$/.test(text)) throw new UsageError(`--entity is a company's id, a positive whole number (got "${text}")`);
    return Number(text);
  });
  return { name, version: values.version, base, to, token: to ? token : undefined, share, entities, note: values.note };
}

/** Every file of a built release, as paths relative to its folder ('/'-separated), the compressed copies left out. */
export function releaseFiles(folder) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) files.push(relative(folder, path).split(sep).join('/'));
    }
  };
  walk(folder);
  return files.sort();
}

async function call(fetchImpl, method, url, token, body, contentType = 'application/json') {
  const response = await fetchImpl(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: contentType === 'application/json' ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text is the message.
  }
  if (!response.ok) {
    const error = new Error(`${method} ${new URL(url).pathname} answered ${response.status}: ${json?.message ?? text.slice(0, 200)}`);
    error.status = response.status;
    throw error;
  }
  return json;
}

/**
 * Sends a built release (in `folder`) to the portal `to`: uploads its files into the portal's store
 * (unless `base`: the team hosts them there, under /remotes/<name>/releases/<version>/), registers
 * it, and starts it as the candidate for `share` % of people and the companies `entities`. Answers
 * the remote's state as the portal gives it. `log` hears each step.
 */
export async function publishRelease({
  name,
  version,
  folder,
  to,
  token,
  base,
  share = 0,
  entities = [],
  note,
  fetchImpl = fetch,
  log = () => {},
}) {
  const api = `${to}/api/admin/remotes/${name}`;
  const where = `/remotes/${name}/releases/${version}`;
  if (!base) {
    const files = releaseFiles(folder);
    if (!files.includes('mf-manifest.json')) throw new Error(`${folder} holds no mf-manifest.json: is it a built remote?`);
    // The manifest last: a release is readable once its manifest is, so everything it names is there first.
    const ordered = [...files.filter((file) => file !== 'mf-manifest.json'), 'mf-manifest.json'];
    for (const file of ordered) {
      const bytes = readFileSync(join(folder, file));
      await call(
        fetchImpl,
        'PUT',
        `${api}/releases/${encodeURIComponent(version)}/files/${file.split('/').map(encodeURIComponent).join('/')}`,
        token,
        bytes,
        'application/octet-stream',
      );
    }
    log(
      `Uploaded ${ordered.length} files (${ordered.reduce((sum, file) => sum + statSync(join(folder, file)).size, 0)} bytes) to ${to}${where}/`,
    );
  }
  const manifestUrl = base ? `${base}${where}/mf-manifest.json` : `${where}/mf-manifest.json`;
  await call(fetchImpl, 'POST', `${api}/releases`, token, { version, manifest_url: manifestUrl, ...(note ? { note } : {}) });
  log(`Registered remote-${name} ${version} (${manifestUrl})`);
  const status = await call(fetchImpl, 'PUT', `${api}/rollout`, token, { candidate: version, share, entities });
  log(`Started it as the candidate: ${share} % of people${entities.length ? ` and the companies ${entities.join(', ')}` : ''}`);
  return status;
}
