import { ACCEPTED_CONTRACT_VERSIONS, MANIFEST_FACTS_KEY } from '@hub/shared/api';
import type { FastifyInstance } from 'fastify';
import { httpErrors } from '@fastify/sensible';
import { fieldError, naming } from '../http/field-errors';

/** How long a manifest's host has to answer, and the most of it that is read. */
export const MANIFEST_TIMEOUT_MS = 5_000;
export const MANIFEST_MAX_BYTES = 1024 * 1024;

/** What registration needs of a release's manifest. */
export interface ReleaseManifest {
  contractVersion: number;
}

const refuse = (message: string) => naming(httpErrors.unprocessableEntity(`manifest_url: ${message}`), 'manifest_url', message);

/**
 * Where a manifest is read: a path of the portal (`/remotes/content/releases/2.1.0/mf-manifest.json`,
 * what the release script uploads), or an http(s) URL of the team's own host. Anything else is 400.
 */
export function manifestLocation(url: string): { path: string } | { url: URL } {
  if (url.startsWith('/') && !url.startsWith('//')) return { path: url };
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw fieldError(400, 'manifest_url', 'Give an http(s) URL, or a path of the portal starting with /');
  }
  return { url: parsed };
}

async function fetchText(url: URL): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS), headers: { accept: 'application/json' } });
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MANIFEST_MAX_BYTES) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  const text = await response.text();
  return { status: response.status, text: text.length > MANIFEST_MAX_BYTES ? '' : text };
}

/**
 * Reads a release's manifest before it is registered, and refuses (422, naming why) one that does
 * not answer, is not a manifest, or is built against a contract version this portal's shell does
 * not mount (the shell's own check, shell/src/remotes/remote-fit.ts, would refuse it at mount). A
 * path of the portal is asked of the portal itself, without a round trip through the network.
 */
export async function readReleaseManifest(app: Pick<FastifyInstance, 'inject'>, manifestUrl: string): Promise<ReleaseManifest> {
  const location = manifestLocation(manifestUrl);
  let answer: { status: number; text: string };
  try {
    if ('path' in location) {
      const response = await app.inject({ method: 'GET', url: location.path, headers: { accept: 'application/json' } });
      answer = { status: response.statusCode, text: response.body };
    } else {
      answer = await fetchText(location.url);
    }
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${MANIFEST_TIMEOUT_MS / 1000} s`
        : 'it could not be reached';
    throw refuse(`The manifest did not answer: ${reason} (${manifestUrl})`);
  }
  if (answer.status !== 200) throw refuse(`The manifest did not answer: HTTP ${answer.status} (${manifestUrl})`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(answer.text);
  } catch {
    throw refuse(`The manifest is not JSON (${manifestUrl})`);
  }
  const facts = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData?.[MANIFEST_FACTS_KEY] as
    { contractVersion?: unknown } | undefined;
  const contractVersion = facts?.contractVersion;
  if (typeof contractVersion !== 'number' || !Number.isInteger(contractVersion)) {
    throw refuse(
      `The manifest names no contract version (metaData.${MANIFEST_FACTS_KEY}.contractVersion): build the remote with the portal's build (${manifestUrl})`,
    );
  }
  if (!ACCEPTED_CONTRACT_VERSIONS.includes(contractVersion)) {
    throw refuse(
      `The release is built against contract version ${contractVersion}; the shell mounts ${ACCEPTED_CONTRACT_VERSIONS.join(', ')} (${manifestUrl})`,
    );
  }
  return { contractVersion };
}
