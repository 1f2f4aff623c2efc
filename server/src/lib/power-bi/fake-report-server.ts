import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notFoundPage, renderReport } from './fake-reports';

/**
 * A stand-in for a Power BI Report Server, for development (served by the portal under
 * /dev-report-server when PBIRS_URL is unset, never in production) and for the tests. It answers the
 * part of the published REST API v2.0 that the connector reads, in the same shapes:
 * `GET /reports/api/v2.0/CatalogItems` (OData list, `$top` and `$skip`), `.../CatalogItems({Id})`,
 * `.../CatalogItems({Id})/Policies`, `.../PowerBIReports({Id})/CacheRefreshPlans` and
 * `.../CacheRefreshPlans({Id})/History`; and it serves the demo reports as pages.
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

const API = '/reports/api/v2.0';

/** A refresh plan of a report and its runs, newest first, in the API's shapes. */
export interface FakeRefreshPlan {
  Id: string;
  CatalogItemPath: string;
  Description: string;
  Schedule: string;
  LastRunTime: string | null;
  LastStatus: string;
  ModifiedDate: string;
  History: FakeRefreshRun[];
}

export interface FakeRefreshRun {
  Id: string;
  SubscriptionID: string;
  Type: string;
  StartTime: string;
  EndTime: string | null;
  SubscriptionStatus: string;
  Message: string;
  Details: string;
}

const HOUR = 3_600_000;

/** A run of `plan` that started `start` and took four minutes; a failed one carries its error. */
function run(plan: string, index: number, start: Date, failure: string | null): FakeRefreshRun {
  return {
    Id: guid(`${plan}#${index}`),
    SubscriptionID: plan,
    Type: 'DataRefresh',
    StartTime: start.toISOString(),
    EndTime: new Date(start.getTime() + 4 * 60_000).toISOString(),
    SubscriptionStatus: failure ? `Error: ${failure}` : 'Completed Data Refresh',
    Message: failure ?? 'The data refresh completed successfully.',
    Details: failure ? JSON.stringify({ error: { code: 'DataSourceError', message: failure } }) : '',
  };
}

/**
 * The demo refresh plans, dated from `now`: Northwind's sales and Contoso's projects refreshed this
 * morning, Contoso's finance refreshed yesterday and failed this morning, Northwind's stock last
 * refreshed three days ago (stale). A fresh copy each call.
 */
export function demoRefreshPlans(now: Date = new Date()): FakeRefreshPlan[] {
  const morning = new Date(now);
  morning.setUTCHours(6, 0, 0, 0);
  // Before six in the morning (UTC), "this morning" is an hour ago.
  if (morning.getTime() > now.getTime()) morning.setTime(now.getTime() - HOUR);
  const daysBefore = (days: number) => new Date(morning.getTime() - days * 24 * HOUR);
  const plan = (path: string, runs: Array<[Date, string | null]>): FakeRefreshPlan => {
    const id = guid(`plan:${path}`);
    const history = runs.map(([start, failure], index) => run(id, index, start, failure));
    return {
      Id: id,
      CatalogItemPath: path,
      Description: 'Daily refresh',
      Schedule: 'Every day at 06:00',
      LastRunTime: history[0]?.StartTime ?? null,
      LastStatus: history[0]?.SubscriptionStatus ?? 'New Scheduled Refresh Plan',
      ModifiedDate: daysBefore(30).toISOString(),
      History: history,
    };
  };
  const timeout = 'The connection to the data source timed out (finance-db.contoso.test).';
  return [
    plan('/Northwind/Sales', [
      [morning, null],
      [daysBefore(1), null],
    ]),
    plan('/Northwind/Stock', [
      [daysBefore(3), null],
      [daysBefore(4), null],
    ]),
    plan('/Contoso/Finance', [
      [morning, timeout],
      [daysBefore(1), null],
    ]),
    plan('/Contoso/Projects', [[morning, null]]),
  ];
}

export interface FakeReportServerOptions {
  items?: FakeCatalogItem[];
  /** The refresh plans (with their history); the demo ones by default. */
  plans?: FakeRefreshPlan[];
  /** Basic authentication the server demands; unset, it lets anyone in. */
  credentials?: { user: string; password: string } | null;
  host?: string;
  port?: number;
}

export interface FakeReportHandlerOptions extends FakeReportServerOptions {
  /**
   * The path the server is served under, '' at the root: '/dev-report-server' when the portal
   * serves it on its own origin in development.
   */
  basePath?: string;
  /** The origins whose pages may frame the reports (frame-ancestors); the report server's own only by default. */
  frameAncestors?: string[];
}

export interface FakeReportHandler {
  /** The path it is served under ('' at the root). */
  basePath: string;
  items: FakeCatalogItem[];
  plans: FakeRefreshPlan[];
  requests: string[];
  hold: Promise<void> | null;
  /** Answers one request; `origin` is the server's own (for the OData contexts). */
  handle(request: IncomingMessage, response: ServerResponse, origin: string): void;
}

/**
 * The stand-in's answers, whichever server carries them: its own HTTP server (tests), or the
 * portal under /dev-report-server (development). Besides the REST API it serves the reports as
 * pages (`<base>/reports/powerbi/<path>`), and the entrance redirect (`<base>/entrance?redirect=`)
 * that sends a browser on to a report, as the real server does after signing the user in.
 */
export function createFakeReportHandler(options: FakeReportHandlerOptions = {}): FakeReportHandler {
  const items = options.items ?? demoCatalog();
  const plans = options.plans ?? demoRefreshPlans();
  const base = options.basePath ?? '';
  const api = `${base}${API}`;
  const state: FakeReportHandler = {
    basePath: base,
    items,
    plans,
    requests: [],
    hold: null,
    handle(request, response, origin) {
      state.requests.push(`${request.method} ${request.url}`);
      if (state.hold) void state.hold.then(() => answer(request, response, origin));
      else answer(request, response, origin);
    },
  };

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

  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // A report shows in the portal's frame only: no script, no other site framing it.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors ${
      options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'self'"
    }`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };

  function page(request: IncomingMessage, response: ServerResponse, path: string, url: URL): boolean {
    if (path === `${base}/entrance`) {
      // After the sign-in (the identity token is not checked by the stand-in), on to the report.
      const target = url.searchParams.get('redirect') ?? '';
      if (!target.startsWith(`${base}/reports/powerbi/`) || target.includes('//')) {
        response.writeHead(400, pageHeaders);
        response.end('<!doctype html><title>Bad redirect</title><p>The entrance only leads to a report.</p>');
        return true;
      }
      const next = new URL(target, url.origin);
      if (url.searchParams.get('embed') === 'true') next.searchParams.set('rs:embed', 'true');
      response.writeHead(302, { location: `${next.pathname}${next.search}`, 'cache-control': 'no-store' });
      response.end();
      return true;
    }
    const prefix = `${base}/reports/powerbi/`;
    if (!path.startsWith(prefix)) return false;
    const reportPath = `/${path.slice(prefix.length).replace(/\/+$/, '')}`;
    const item = items.find((candidate) => candidate.Path.toLowerCase() === reportPath.toLowerCase() && candidate.Type !== 'Folder');
    const plan = plans.find((candidate) => candidate.CatalogItemPath.toLowerCase() === reportPath.toLowerCase());
    const html = item
      ? renderReport(item.Path, plan?.History.find((entry) => !entry.SubscriptionStatus.startsWith('Error'))?.EndTime)
      : null;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, pageHeaders);
      response.end();
      return true;
    }
    response.writeHead(html ? 200 : 404, pageHeaders);
    response.end(html ?? notFoundPage(reportPath));
    return true;
  }

  function answer(request: IncomingMessage, response: ServerResponse, origin: string) {
    const url = new URL(request.url ?? '/', origin);
    const path = decodeURIComponent(url.pathname);
    // The pages are for browsers (signed in by the entrance), the API for the connector.
    if (!path.startsWith(`${api}/`) && page(request, response, path, url)) return;
    if (!authorized(request)) return error(response, 401, 'Unauthorized', 'Unauthorized', { 'www-authenticate': 'Basic realm="reports"' });
    if (request.method !== 'GET') return error(response, 405, 'MethodNotAllowed', 'Only GET is served here');
    const context = `${origin}${api}/$metadata`;
    if (path === `${api}/CatalogItems`) {
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      const top = Number(url.searchParams.get('$top') ?? items.length);
      const page = items.slice(skip, skip + top).map(({ InheritParentPolicy: _inherit, Policies: _policies, ...item }) => item);
      return send(response, 200, { '@odata.context': `${context}#CatalogItems`, value: page });
    }
    const rest = path.slice(api.length);
    const plansOf = /^\/PowerBIReports\(([0-9a-fA-F-]{36})\)\/CacheRefreshPlans$/.exec(rest);
    if (plansOf) {
      const report = items.find((candidate) => candidate.Id.toLowerCase() === plansOf[1]!.toLowerCase());
      if (!report || report.Type !== 'PowerBIReport')
        return error(response, 404, 'ErrorItemNotFound', `The requested resource was not found: ${path}`);
      const value = plans.filter((plan) => plan.CatalogItemPath === report.Path).map(({ History: _history, ...plan }) => plan);
      return send(response, 200, { '@odata.context': `${context}#CacheRefreshPlans`, value });
    }
    const historyOf = /^\/CacheRefreshPlans\(([0-9a-fA-F-]{36})\)\/History$/.exec(rest);
    if (historyOf) {
      const plan = plans.find((candidate) => candidate.Id.toLowerCase() === historyOf[1]!.toLowerCase());
      if (!plan) return error(response, 404, 'ErrorItemNotFound', `The requested resource was not found: ${path}`);
      return send(response, 200, { '@odata.context': `${context}#Collection(Model.CacheRefreshPlanHistoryItem)`, value: plan.History });
    }
    const match = /^\/CatalogItems\(([0-9a-fA-F-]{36})\)(\/Policies)?$/.exec(rest);
    const item = match ? items.find((candidate) => candidate.Id.toLowerCase() === match[1]!.toLowerCase()) : undefined;
    if (!match || !item) return error(response, 404, 'ErrorItemNotFound', `The requested resource was not found: ${path}`);
    if (!match[2]) {
      const { InheritParentPolicy: _inherit, Policies: _policies, ...itemRest } = item;
      return send(response, 200, { '@odata.context': `${context}#CatalogItems/$entity`, ...itemRest });
    }
    // An inheriting item reports its parent's policies, as the real server does.
    let source = item;
    while (source.InheritParentPolicy && source.ParentFolderId)
      source = items.find((candidate) => candidate.Id === source.ParentFolderId) ?? source;
    return send(response, 200, {
      '@odata.context': `${context}#Microsoft.ReportingServices.OData.ItemPolicy`,
      Id: item.Id,
      InheritParentPolicy: item.InheritParentPolicy,
      Policies: source.Policies,
    });
  }

  return state;
}

export interface FakeReportServer {
  /** What PBIRS_URL would be: the portal URL, the API being under `/api/v2.0`. */
  url: string;
  /** The catalog, mutable: tests change policies between two refreshes. */
  items: FakeCatalogItem[];
  /** The refresh plans and their history, mutable. */
  plans: FakeRefreshPlan[];
  /** Every request line received (`GET /reports/api/v2.0/...`), for the tests. */
  requests: string[];
  /** While set, every request waits for it before being answered (a slow server, for the tests). */
  hold: Promise<void> | null;
  /** The catalog item at `path`. */
  item(path: string): FakeCatalogItem;
  close(): Promise<void>;
}

/** The stand-in on its own HTTP server (the tests'). */
export async function startFakeReportServer(
  options: FakeReportServerOptions & { handler?: FakeReportHandler } = {},
): Promise<FakeReportServer> {
  const handler = options.handler ?? createFakeReportHandler(options);
  let origin = '';
  const server = createServer((request, response) => handler.handle(request, response, origin));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: `${origin}${handler.basePath}/reports`,
    items: handler.items,
    plans: handler.plans,
    requests: handler.requests,
    get hold() {
      return handler.hold;
    },
    set hold(gate) {
      handler.hold = gate;
    },
    item(path) {
      const found = handler.items.find((candidate) => candidate.Path === path);
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
