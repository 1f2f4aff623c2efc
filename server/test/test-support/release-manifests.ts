import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A manifest as a remote's build writes it: `metaData.hub.contractVersion`. */
export const manifestOf = (contractVersion: number | null) =>
  JSON.stringify({
    id: 'content',
    name: 'content',
    metaData: contractVersion === null ? { name: 'content' } : { name: 'content', hub: { contractVersion } },
    exposes: [],
  });

export interface ManifestHost {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The URL of a manifest that answers with contract version `contractVersion` (the path names it). */
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * A team's own host of manifests, on a local port: `/v<N>/…` answers a manifest built against
 * contract version N, `/none/…` one naming none, `/text/…` something that is not JSON, any other
 * path 404.
 */
export async function startManifestHost(): Promise<ManifestHost> {
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    const version = /^\/v(\d+)\//.exec(path);
    if (version) return response.writeHead(200, { 'content-type': 'application/json' }).end(manifestOf(Number(version[1])));
    if (path.startsWith('/none/')) return response.writeHead(200, { 'content-type': 'application/json' }).end(manifestOf(null));
    if (path.startsWith('/text/')) return response.writeHead(200, { 'content-type': 'text/plain' }).end('not a manifest');
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
