import type { AuditFilters, AuditList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 25;
/** The URL's filters of the log (the search box is the person). */
export const AUDIT_FILTERS = ['action', 'item_type', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day of the URL (`2026-11-23`, the person's own calendar) as the instant it starts, in ISO form;
 * `next` gives the start of the following day (the API's `to` is excluded). Undefined for no day.
 */
export function dayStart(day: string | undefined, next = false): string | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + (next ? 1 : 0));
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

export function useAudit(params: ListParams) {
  const { adminApi } = useRemoteProps();
  const { action, item_type, from, to } = params.filters;
  return useSWR(
    ['admin/audit', params.page, params.search, action, item_type, from, to],
    () =>
      adminApi.get<AuditList>(
        '/audit',
        {
          page: params.page,
          page_size: PAGE_SIZE,
          person: params.search || undefined,
          action: action || undefined,
          item_type: item_type || undefined,
          from: dayStart(from),
          to: dayStart(to, true),
        },
        { silent: true },
      ),
    { keepPreviousData: true },
  );
}

/** The actions and item types the log holds, for the filters' choices. */
export function useAuditFilters() {
  const { adminApi } = useRemoteProps();
  return useSWR(['admin/audit/filters'], () => adminApi.get<AuditFilters>('/audit/filters', undefined, { silent: true }));
}
