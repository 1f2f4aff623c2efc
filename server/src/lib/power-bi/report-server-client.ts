/**
 * The connector to a Power BI Report Server, through its published REST API v2.0
 * (https://learn.microsoft.com/en-us/rest/api/power-bi-report/): the catalog items
 * (`GET /api/v2.0/CatalogItems`) and the security policy of each (`GET /api/v2.0/CatalogItems({Id})/Policies`,
 * an ItemPolicy: `{ InheritParentPolicy, Policies: [{ GroupUserName, Roles: [{ Name }] }] }`).
 * Basic authentication or none; NTLM is out of scope (put the server behind a proxy that speaks it).
 * Also the refresh plans of the Power BI reports and their history
 * (`GET /api/v2.0/PowerBIReports({Id})/CacheRefreshPlans`, `GET /api/v2.0/CacheRefreshPlans({Id})/History`):
 * when each report's data was last refreshed, and when a refresh last failed.
 */

/** One principal (a group or a user) and the roles it holds on a catalog item. */
export interface PrincipalPolicy {
  groupUserName: string;
  roles: string[];
}

/** The security policy set on one catalog item (items that inherit theirs are left out). */
export interface ItemPolicies {
  path: string;
  type: string;
  policies: PrincipalPolicy[];
}

export interface ReportServerClient {
  /** `<PBIRS_URL>/api/v2.0`, for the log. */
  readonly apiUrl: string;
  /**
   * The policies of every catalog item that does not inherit its parent's: an inheriting item
   * grants exactly what its parent grants, so reading it would only repeat names.
   */
  catalogPolicies(): Promise<ItemPolicies[]>;
  /**
   * The refresh history of the Power BI reports at `paths` (catalog paths, compared without case),
   * by path as given; a path the catalog does not hold is left out.
   */
  refreshHistory(paths: readonly string[]): Promise<Map<string, ReportRefresh>>;
}

/** What a report's refresh plans and their history say. */
export interface ReportRefresh {
  /** The end of the last successful refresh (ISO 8601); null when none is known. */
  lastSuccessAt: string | null;
  /** The end of the last failed refresh; null when none is known. */
  lastFailureAt: string | null;
  /** The report server's message for that failure. */
  lastFailureMessage: string | null;
}

/** A refresh plan as the API gives it (`CacheRefreshPlans`). */
export interface RefreshPlanJson {
  Id?: string;
  CatalogItemPath?: string;
  LastRunTime?: string | null;
  LastStatus?: string | null;
}

/** A run of a plan as the API gives it (`CacheRefreshPlans({Id})/History`). */
export interface RefreshRunJson {
  StartTime?: string | null;
  EndTime?: string | null;
  SubscriptionStatus?: string | null;
  Message?: string | null;
}

/**
 * What a status text of the report server says: 'success' ("Completed Data Refresh"), 'failure'
 * ("Error: …", "Failed …"), or null for anything else ("Refreshing", "New Scheduled Refresh Plan").
 */
export function refreshOutcome(status: string | null | undefined): 'success' | 'failure' | null {
  if (!status) return null;
  if (/\b(error|fail(ed|ure)?)\b/i.test(status)) return 'failure';
  if (/\b(completed?|succe(ss|eded|ssful))\b/i.test(status)) return 'success';
  return null;
}

const time = (text: string | null | undefined): number | null => {
  if (!text) return null;
  const value = Date.parse(text);
  return Number.isNaN(value) ? null : value;
};

/**
 * The last success and the last failure over every plan of a report and their runs. A run counts
 * at its end (its start while it has none); a plan without history counts by its LastRunTime and
 * LastStatus. Runs with a time that does not parse are ignored.
 */
export function summariseRefresh(plans: ReadonlyArray<{ plan: RefreshPlanJson; history: readonly RefreshRunJson[] }>): ReportRefresh {
  let success: number | null = null;
  let failure: { at: number; message: string | null } | null = null;
  const count = (at: number | null, status: string | null | undefined, message: string | null) => {
    const outcome = refreshOutcome(status);
    if (at === null || outcome === null) return;
    if (outcome === 'success' && (success === null || at > success)) success = at;
    if (outcome === 'failure' && (failure === null || at > failure.at)) failure = { at, message };
  };
  for (const { plan, history } of plans) {
    if (history.length === 0) count(time(plan.LastRunTime), plan.LastStatus, plan.LastStatus ?? null);
    for (const run of history)
      count(time(run.EndTime) ?? time(run.StartTime), run.SubscriptionStatus, run.Message ?? run.SubscriptionStatus ?? null);
  }
  // Assigned in the closure: TypeScript would narrow both to null here.
  const last = failure as { at: number; message: string | null } | null;
  const lastSuccess = success as number | null;
  return {
    lastSuccessAt: lastSuccess === null ? null : new Date(lastSuccess).toISOString(),
    lastFailureAt: last ? new Date(last.at).toISOString() : null,
    lastFailureMessage: last?.message?.slice(0, 2000) ?? null,
  };
}

/** The report server could not be reached, refused us, or answered something else than the API. */
export class ReportServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportServerError';
  }
}

export interface ReportServerClientOptions {
  /** The report server's portal URL, e.g. https://reports.example.com/reports. */
  url: string;
  user?: string | null;
  password?: string | null;
  /** Per request. */
  timeoutMs?: number;
  /** Requests in flight at once while reading the policies. */
  concurrency?: number;
  /** Catalog items asked per page ($top). */
  pageSize?: number;
}

interface ODataList<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}

interface CatalogItemJson {
  Id: string;
  Path: string;
  Type: string;
}

interface ItemPolicyJson {
  InheritParentPolicy?: boolean;
  Policies?: Array<{ GroupUserName?: string; Roles?: Array<{ Name?: string }> }>;
}

/** Runs `work` on every item, at most `limit` at once, keeping the order of the answers. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createReportServerClient(options: ReportServerClientOptions): ReportServerClient {
  const apiUrl = `${options.url.replace(/\/+$/, '')}/api/v2.0`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pageSize = options.pageSize ?? 500;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.user) headers.authorization = `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}`;

  async function get<T>(url: string, what: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
      throw new ReportServerError(`${what}: ${reason}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ReportServerError(`${what}: HTTP ${response.status}`);
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new ReportServerError(`${what}: the answer is not JSON`);
    }
  }

  async function catalogItems(): Promise<CatalogItemJson[]> {
    const items: CatalogItemJson[] = [];
    let url: string | undefined = `${apiUrl}/CatalogItems?$select=Id,Path,Type&$top=${pageSize}&$skip=0`;
    let skip = 0;
    while (url) {
      const page: ODataList<CatalogItemJson> = await get<ODataList<CatalogItemJson>>(url, 'CatalogItems');
      if (!Array.isArray(page.value)) throw new ReportServerError('CatalogItems: no value list in the answer');
      items.push(...page.value);
      skip += page.value.length;
      // Server-driven paging when the server offers it, else client-driven with $top/$skip.
      if (page['@odata.nextLink']) url = new URL(page['@odata.nextLink'], `${apiUrl}/`).href;
      else url = page.value.length === pageSize ? `${apiUrl}/CatalogItems?$select=Id,Path,Type&$top=${pageSize}&$skip=${skip}` : undefined;
    }
    return items;
  }

  return {
    apiUrl,
    async refreshHistory(paths) {
      const wanted = new Map(paths.map((path) => [path.toLowerCase(), path]));
      const reports = (await catalogItems()).filter((item) => item.Type === 'PowerBIReport' && wanted.has(item.Path.toLowerCase()));
      const found = await mapLimited(reports, options.concurrency ?? 4, async (report) => {
        const plans = await get<ODataList<RefreshPlanJson>>(
          `${apiUrl}/PowerBIReports(${encodeURIComponent(report.Id)})/CacheRefreshPlans`,
          `Refresh plans of ${report.Path}`,
        );
        const withHistory = [];
        for (const plan of plans.value ?? []) {
          if (typeof plan.Id !== 'string') continue;
          const history = await get<ODataList<RefreshRunJson>>(
            `${apiUrl}/CacheRefreshPlans(${encodeURIComponent(plan.Id)})/History`,
            `Refresh history of ${report.Path}`,
          );
          withHistory.push({ plan, history: Array.isArray(history.value) ? history.value : [] });
        }
        return [wanted.get(report.Path.toLowerCase())!, summariseRefresh(withHistory)] as const;
      });
      return new Map(found);
    },

    async catalogPolicies() {
      const items = await catalogItems();
      const policies = await mapLimited(items, options.concurrency ?? 4, async (item) => {
        // Catalog item ids are Edm.Guid: written bare inside the parentheses (OData key syntax).
        const policy = await get<ItemPolicyJson>(
          `${apiUrl}/CatalogItems(${encodeURIComponent(item.Id)})/Policies`,
          `Policies of ${item.Path}`,
        );
        if (policy.InheritParentPolicy) return null;
        return {
          path: item.Path,
          type: item.Type,
          policies: (policy.Policies ?? [])
            .filter((entry) => typeof entry.GroupUserName === 'string' && entry.GroupUserName.trim() !== '')
            .map((entry) => ({
              groupUserName: entry.GroupUserName!.trim(),
              roles: (entry.Roles ?? []).map((role) => role.Name ?? '').filter(Boolean),
            })),
        };
      });
      return policies.filter((entry): entry is ItemPolicies => entry !== null);
    },
  };
}

/** Local principals every report server has: never a client's group. */
const BUILT_IN = /^(BUILTIN|NT AUTHORITY|NT SERVICE)\\/i;

/**
 * The groups named in the policies, by lower-cased name. The REST API does not say whether a
 * principal is a group or a user: users of the portal are named by their email (user principal
 * name), so a name with an '@' is a user, anything else a group (a domain group, `DOMAIN\Group`,
 * or a custom-security role name).
 */
export function groupPrincipals(items: readonly ItemPolicies[]): Map<string, string> {
  const groups = new Map<string, string>();
  for (const item of items) {
    for (const { groupUserName } of item.policies) {
      if (groupUserName.includes('@') || BUILT_IN.test(groupUserName)) continue;
      const key = groupUserName.toLowerCase();
      if (!groups.has(key)) groups.set(key, groupUserName);
    }
  }
  return groups;
}
