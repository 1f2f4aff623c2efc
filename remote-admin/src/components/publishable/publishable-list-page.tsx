import { Button, Flex, Link, Text } from '@chakra-ui/react';
import { PUBLICATION, type AdminContentListQuery, type CategoryList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import {
  DataAsOf,
  dateTimeFormat,
  LazyDeleteConfirmDialog,
  type ListColumn,
  ListFilter,
  ListFrame,
  ScheduledFor,
  StatusChip,
  useListParams,
  useSchedules,
} from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { detailsPath } from '../../paths';
import { useWorkingEntityId } from '../entity-gate';
import type { PublishableItem, PublishableKind, PublishableWordKey } from './publishable-api';

const PAGE_SIZE = 20;

/** A console list (advices, dashboards, news items): paged, sorted, searched and filtered by the server. */
export function PublishableListPage<Item extends PublishableItem, Body extends object>({ kind }: { kind: PublishableKind<Item, Body> }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const { notify, adminApi } = useRemoteProps();
  const navigate = useNavigate();
  const has = (field: 'pinned' | 'category') => kind.fields.includes(field);
  const list = useListParams(['status', ...(has('pinned') ? ['pinned'] : []), ...(has('category') ? ['category'] : [])]);
  const { params } = list;
  const entityId = useWorkingEntityId();
  const query: AdminContentListQuery = {
    page: params.page,
    ...(params.cursor ? { cursor: params.cursor } : {}),
    page_size: PAGE_SIZE,
    ...(params.search ? { search: params.search } : {}),
    ...(params.sort === 'title' || params.sort === 'status' || params.sort === 'updated_at'
      ? { sort: params.sort, order: params.order }
      : {}),
    ...(params.filters.status === '0' || params.filters.status === '16' ? { status: Number(params.filters.status) as 0 | 16 } : {}),
    ...(params.filters.pinned ? { pinned: params.filters.pinned === 'true' } : {}),
    ...(params.filters.category ? { category_id: Number(params.filters.category) } : {}),
  };
  const items = kind.api.useList(query, kind.entityScoped ? entityId : null);
  const categories = useSWR(has('category') ? ['admin', 'categories', 'all'] : null, () =>
    adminApi.get<CategoryList>('/categories', { page_size: 100 }, { silent: true }),
  );
  const mutations = kind.api.useMutations();
  const schedules = useSchedules(adminApi, kind.api.resource);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const [bulkDeleting, setBulkDeleting] = useState<{ rows: Item[]; done: () => void } | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const words = (key: PublishableWordKey, options?: Record<string, unknown>) => t(`${kind.words}.${key}`, options);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      // The row goes at once; the revalidation that follows brings the next one up.
      await items.mutate(
        async (current) => {
          await mutations.remove(deleting.id);
          return current && { ...current, items: current.items.filter((item) => item.id !== deleting.id), total: current.total - 1 };
        },
        { revalidate: true },
      );
      notify({ kind: 'success', message: words('deleted') });
    } catch {
      notify({ kind: 'error', message: t('deleteFailed') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const runBulk = async (action: 'publish' | 'unpublish' | 'delete', rows: Item[], done: () => void) => {
    setBulkBusy(true);
    try {
      const { succeeded, failed } = await mutations.bulk(
        action,
        rows.map((row) => row.id),
      );
      notify({ kind: failed > 0 ? 'error' : 'success', message: t('kit.list.bulkDone', { succeeded, failed }) });
      done();
    } finally {
      setBulkBusy(false);
      setBulkDeleting(null);
    }
  };
  const statusText = (item: Item) => (item.status === PUBLICATION.published ? t('common:status.published') : t('common:status.draft'));

  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: ListColumn<Item>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      render: (item) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(kind.listPath, item.id)}>{item.title}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (item) => {
        const schedule = schedules.byId.get(item.id);
        return (
          <Flex gap="2" align="center" wrap="wrap">
            <StatusChip status={item.status} />
            {schedule && item.status !== PUBLICATION.published && <ScheduledFor at={schedule.publish_at} />}
          </Flex>
        );
      },
    },
    ...(has('category')
      ? [{ key: 'category', header: t('fields.category'), render: (item: Item) => <Text>{item.category?.name ?? '—'}</Text> }]
      : []),
    ...(has('pinned')
      ? [{ key: 'pinned', header: t('fields.pinned'), render: (item: Item) => <Text>{item.pinned ? t('list.yes') : t('list.no')}</Text> }]
      : []),
    ...(kind.columns?.includes('dataAsOf')
      ? [{ key: 'data', header: t('fields.dataAsOf'), render: (item: Item) => (item.data ? <DataAsOf data={item.data} size="xs" /> : '—') }]
      : []),
    { key: 'updated_at', header: t('fields.updated'), sortable: true, render: (item) => dateFormat.format(new Date(item.updated_at)) },
  ];

  return (
    <>
      <ListFrame<Item>
        title={words('title')}
        list={list}
        data={items.data}
        loading={items.isLoading}
        error={Boolean(items.error)}
        onRetry={() => void items.mutate()}
        columns={columns}
        rowKey={(item) => item.id}
        selection={{
          rowLabel: (item) => item.title,
          actions: (rows, done) => {
            const drafts = rows.filter((row) => row.status !== PUBLICATION.published);
            const live = rows.filter((row) => row.status === PUBLICATION.published);
            return (
              <>
                <Button
                  size="sm"
                  colorPalette="brand"
                  disabled={bulkBusy || drafts.length === 0}
                  onClick={() => void runBulk('publish', drafts, done)}
                >
                  {t('kit.form.publish')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={bulkBusy || live.length === 0}
                  onClick={() => void runBulk('unpublish', live, done)}
                >
                  {t('kit.form.unpublish')}
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" disabled={bulkBusy} onClick={() => setBulkDeleting({ rows, done })}>
                  {t('kit.form.delete')}
                </Button>
              </>
            );
          },
        }}
        csvExport={{
          fileName: `${kind.api.resource}.csv`,
          fetchPage: (page, cursor) => {
            const { cursor: _shown, ...filters } = query;
            return kind.api.getList(adminApi, { ...filters, page, page_size: 100, ...(cursor ? { cursor } : {}) });
          },
          columns: [
            { header: 'id', value: (item) => item.id },
            { header: t('fields.title'), value: (item) => item.title },
            { header: t('fields.status'), value: statusText },
            ...(has('category') ? [{ header: t('fields.category'), value: (item: Item) => item.category?.name ?? '' }] : []),
            ...(has('pinned') ? [{ header: t('fields.pinned'), value: (item: Item) => (item.pinned ? t('list.yes') : t('list.no')) }] : []),
            { header: t('fields.updated'), value: (item) => item.updated_at },
          ],
        }}
        rowActions={(item) => (
          <>
            <Button asChild size="xs" variant="outline">
              <RouterLink to={detailsPath(kind.listPath, item.id)} aria-label={t('list.edit', { title: item.title })}>
                {t('list.editShort')}
              </RouterLink>
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeleting(item)}
              aria-label={t('list.delete', { title: item.title })}
            >
              {t('list.deleteShort')}
            </Button>
          </>
        )}
        filters={
          <>
            <ListFilter
              label={t('fields.status')}
              value={params.filters.status ?? ''}
              onChange={(value) => list.setFilter('status', value)}
              allLabel={t('list.allStatuses')}
              options={[
                { value: String(PUBLICATION.draft), label: t('common:status.draft') },
                { value: String(PUBLICATION.published), label: t('common:status.published') },
              ]}
            />
            {has('pinned') && (
              <ListFilter
                label={t('fields.pinned')}
                value={params.filters.pinned ?? ''}
                onChange={(value) => list.setFilter('pinned', value)}
                allLabel={t('list.allPinned')}
                options={[
                  { value: 'true', label: t('list.pinnedOnly') },
                  { value: 'false', label: t('list.notPinned') },
                ]}
              />
            )}
            {has('category') && (
              <ListFilter
                label={t('fields.category')}
                value={params.filters.category ?? ''}
                onChange={(value) => list.setFilter('category', value)}
                allLabel={t('list.allCategories')}
                options={(categories.data?.items ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
              />
            )}
          </>
        }
        emptyText={words('empty')}
        onCreate={() => navigate(detailsPath(kind.listPath))}
        createLabel={words('create')}
      />
      <LazyDeleteConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
      <LazyDeleteConfirmDialog
        open={bulkDeleting !== null}
        busy={bulkBusy}
        onCancel={() => setBulkDeleting(null)}
        onConfirm={() => bulkDeleting && void runBulk('delete', bulkDeleting.rows, bulkDeleting.done)}
      >
        {t('kit.list.bulkDeleteCount', { count: bulkDeleting?.rows.length ?? 0 })}
      </LazyDeleteConfirmDialog>
    </>
  );
}
