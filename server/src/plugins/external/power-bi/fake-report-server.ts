import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Power BI Report Server, for development (started when PBIRS_URL is unset, never
 * in production) and for the tests. It answers the part of the published REST API v2.0 that the
 * connector reads, in the same shapes: `GET /reports/api/v2.0/CatalogItems` (OData list, `$top`
 * and `$skip`), `GET /reports/api/v2.0/CatalogItems({Id})` and `.../CatalogItems({Id})/Policies`.
 * Its demo catalog matches the seeded data: one folder per company with its reports (the seeded
 * dashboards' URLs), granted to the seeded groups' report-server names, plus one group the hub
 * does not know yet (NW-Marketing) and one user named directly.
 */

export interface FakeRole {
  Name: string;
  Description: string;
}

export interface FakePolicy {
  GroupUserName: string;
  Roles: FakeRole[];
}

export interface FakeCatalogItem {
  Id: string;
  Name: string;
  Path: string;
  Type: 'Folder' | 'PowerBIReport' | 'Report';
  ParentFolderId: string | null;
  /** True: the item grants what its parent grants, and `Policies` is ignored. */
  InheritParentPolicy: boolean;
  Policies: FakePolicy[];
}

export interface FakeReportServer {
  /** What PBIRS_URL would be: the portal URL, the API being under `/api/v2.0`. */
  url: string;
  /** The catalog, mutable: tests change policies between two refreshes. */
  items: FakeCatalogItem[];
  /** Every request line received (`GET /reports/api/v2.0/...`), for the tests. */
  requests: string[];
  /** While set, every request waits for it before being answered (a slow server, for the tests). */
  hold: Promise<void> | null;
  /** The catalog item at `path`. */
  item(path: string): FakeCatalogItem;
  close(): Promise<void>;
}

export const ROLES = {
  browser: { Name: 'Browser', Description: 'May view folders, reports and subscribe to reports.' },
  contentManager: { Name: 'Content Manager', Description: 'May manage content in the Report Server.' },
  publisher: { Name: 'Publisher', Description: 'May publish reports and linked reports to the Report Server.' },
} satisfies Record<string, FakeRole>;

/** A stable GUID for a path, so that ids survive a restart like a real server's. */
function guid(path: string): string {
  const hex = createHash('sha1').update(`pbirs:${path}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function catalogItem(path: string, type: FakeCatalogItem['Type'], policies: FakePolicy[] | null): FakeCatalogItem {
  const parent = path === '/' ? null : path.slice(0, path.lastIndexOf('/')) || '/';
  return {
    Id: guid(path),
    Name: path === '/' ? '' : path.slice(path.lastIndexOf('/') + 1),
    Path: path,
    Type: type,
    ParentFolderId: parent === null ? null : guid(parent),
    InheritParentPolicy: policies === null,
    Policies: policies ?? [],
  };
}

/** The demo catalog (a fresh copy each call). */
export function demoCatalog(): FakeCatalogItem[] {
  return [
    catalogItem('/', 'Folder', [{ GroupUserName: 'BUILTIN\\Administrators', Roles: [ROLES.contentManager] }]),
    catalogItem('/Northwind', 'Folder', [
      { GroupUserName: 'NW-Sales', Roles: [ROLES.browser] },
      { GroupUserName: 'NW-Marketing', Roles: [ROLES.browser] },
      { GroupUserName: 'contributor@northwind.test', Roles: [ROLES.browser, ROLES.publisher] },
    ]),
    catalogItem('/Northwind/Sales', 'PowerBIReport', null),
    catalogItem('/Northwind/Stock', 'PowerBIReport', null),
    catalogItem('/Contoso', 'Folder', [{ GroupUserName: 'CT-Finance', Roles: [ROLES.browser] }]),
    catalogItem('/Contoso/Finance', 'PowerBIReport', null),
    catalogItem('/Contoso/Projects', 'PowerBIReport', [
      { GroupUserName: 'CT-Finance', Roles: [ROLES.browser] },
      { GroupUserName: 'BUILTIN\\Administrators', Roles: [ROLES.contentManager] },
    ]),
  ];
}

export interface FakeReportServerOptions {
  items?: FakeCatalogItem[];
  /** Basic authentication the server demands; unset, it lets anyone in. */
  credentials?: { user: string; password: string } | null;
  host?: string;
  port?: number;
}

const API = '/reports/api/v2.0';

export async function startFakeReportServer(options: FakeReportServerOptions = {}): Promise<FakeReportServer> {
  const items = options.items ?? demoCatalog();
  const requests: string[] = [];
  let origin = '';
  let hold: Promise<void> | null = null;

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal', 'odata-version': '4.0', ...headers });
    response.end(JSON.stringify(body));
  };
  // The OData error shape of the real server.
  const error = (response: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>) =>
    send(response, status, { error: { code, message } }, headers);

  const authorized = (request: IncomingMessage) => {
    if (!options.credentials) return true;
    const expected = `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`;
    return request.headers.authorization === expected;
  };

  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (hold) void hold.then(() => answer(request, response));
    else answer(request, response);
  });

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    if (!authorized(request)) return error(response, 401, 'Unauthorized', 'Unauthorized', { 'www-authenticate': 'Basic realm="reports"' });
    if (request.method !== 'GET') return error(response, 405, 'MethodNotAllowed', 'Only GET is served here');
    const path = decodeURIComponent(url.pathname);
    if (path === `${API}/CatalogItems`) {
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      const top = Number(url.searchParams.get('$top') ?? items.length);
      const page = items.slice(skip, skip + top).map(({ InheritParentPolicy: _inherit, Policies: _policies, ...item }) => item);
      return send(response, 200, { '@odata.context': `${origin}${API}/$metadata#CatalogItems`, value: page });
    }
    const match = /^\/reports\/api\/v2\.0\/CatalogItems\(([0-9a-fA-F-]{36})\)(\/Policies)?$/.exec(path);
    const item = match ? items.find((candidate) => candidate.Id.toLowerCase() === match[1]!.toLowerCase()) : undefined;
    if (!match || !item) return error(response, 404, 'ErrorItemNotFound', `The requested resource was not found: ${path}`);
    if (!match[2]) {
      const { InheritParentPolicy: _inherit, Policies: _policies, ...rest } = item;
      return send(response, 200, { '@odata.context': `${origin}${API}/$metadata#CatalogItems/$entity`, ...rest });
    }
    // An inheriting item reports its parent's policies, as the real server does.
    let source = item;
    while (source.InheritParentPolicy && source.ParentFolderId)
      source = items.find((candidate) => candidate.Id === source.ParentFolderId) ?? source;
    return send(response, 200, {
      '@odata.context': `${origin}${API}/$metadata#Microsoft.ReportingServices.OData.ItemPolicy`,
      Id: item.Id,
      InheritParentPolicy: item.InheritParentPolicy,
      Policies: source.Policies,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: `${origin}/reports`,
    items,
    requests,
    get hold() {
      return hold;
    },
    set hold(gate) {
      hold = gate;
    },
    item(path) {
      const found = items.find((candidate) => candidate.Path === path);
      if (!found) throw new Error(`no catalog item ${path}`);
      return found;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
