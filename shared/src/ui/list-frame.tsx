import { Box, Button, Flex, Heading, Input, NativeSelect, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from './load-state';
import type { ListParamsControl } from './use-list-params';

export interface ListColumn<T> {
  /** The column's key; for a sortable column, the `sort` value sent to the server. */
  key: string;
  /** The header text (a real `<th>`). */
  header: string;
  /** The server can sort by this column: the header becomes a button and shows `aria-sort`. */
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

/** A page of a server-side list, as every list call answers (`ListOf` in `@hub/shared/api`). */
export interface ListPage<T> {
  items: T[];
  total: number;
  page_size: number;
}

export interface ListFrameProps<T> {
  /** The page's heading (h1). */
  title: string;
  /** From `useListParams`: the URL's page, sort, search and filters. */
  list: ListParamsControl;
  /** The page the server answered; undefined while the first one loads. */
  data: ListPage<T> | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The row's action buttons; name each with the item ("Delete Monthly report"). */
  rowActions?: (row: T) => ReactNode;
  /** Filter controls (`ListFilter`) next to the search box. */
  filters?: ReactNode;
  /** What the empty list says to do ("No advice yet: write the first one for your customers."). */
  emptyText: string;
  /** The "create the first one" action of the empty state, and the header's create button label. */
  onCreate?: () => void;
  createLabel?: string;
  /** How many skeleton rows hold the place while loading. */
  skeletonRows?: number;
}

/**
 * The frame of a console list (CONSOLES.md): title, item count, search box, filters, a table with
 * real headers and server-side sorting, paging, and the loading, empty and error states.
 */
export function ListFrame<T>(props: ListFrameProps<T>) {
  const { title, list, data, loading, error, onRetry, columns, rowKey, rowActions, filters, emptyText, onCreate, createLabel } = props;
  const { t } = useTranslation('common');
  const { params } = list;
  const filtered = params.search !== '' || Object.keys(params.filters).length > 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const headingId = useId();

  return (
    <Box as="section" aria-labelledby={headingId} p={{ base: '3', md: '6' }}>
      <Flex gap="3" align="center" wrap="wrap" mb="4">
        <Heading as="h1" size="2xl" id={headingId}>
          {title}
        </Heading>
        {data && (
          <Text color="fg.muted" aria-live="polite">
            {t('list.count', { count: data.total })}
          </Text>
        )}
        {onCreate && createLabel && (
          <Button ms="auto" colorPalette="brand" onClick={onCreate}>
            {createLabel}
          </Button>
        )}
      </Flex>
      <Flex gap="3" wrap="wrap" mb="4" align="end">
        <ListSearch value={params.search} onChange={list.setSearch} />
        {filters}
      </Flex>
      {error && !loading ? (
        <LoadState status="error" failedText={t('list.loadFailed')} onRetry={onRetry} />
      ) : !loading && data && data.items.length === 0 ? (
        <LoadState
          status="empty"
          emptyText={filtered ? t('list.emptyFiltered') : emptyText}
          emptyAction={
            filtered ? (
              <Button variant="outline" size="sm" onClick={list.clear}>
                {t('list.clearFilters')}
              </Button>
            ) : onCreate ? (
              <Button colorPalette="brand" size="sm" onClick={onCreate}>
                {t('list.createFirst')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-labelledby={headingId} aria-busy={loading}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <SortableHeader key={column.key} column={column} list={list} />
                ))}
                {rowActions && <Table.ColumnHeader textAlign="end">{t('list.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading || !data
                ? Array.from({ length: props.skeletonRows ?? 5 }, (_, index) => (
                    <Table.Row key={index} aria-hidden="true">
                      {columns.map((column) => (
                        <Table.Cell key={column.key}>
                          <Skeleton height="5" />
                        </Table.Cell>
                      ))}
                      {rowActions && (
                        <Table.Cell>
                          <Skeleton height="5" />
                        </Table.Cell>
                      )}
                    </Table.Row>
                  ))
                : data.items.map((row) => (
                    <Table.Row key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Cell key={column.key}>{column.render(row)}</Table.Cell>
                      ))}
                      {rowActions && (
                        <Table.Cell textAlign="end">
                          <Flex gap="2" justify="end">
                            {rowActions(row)}
                          </Flex>
                        </Table.Cell>
                      )}
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
          {loading && (
            <VisuallyHidden role="status">
              <span>{t('loading')}</span>
            </VisuallyHidden>
          )}
        </Box>
      )}
      {data && data.total > data.page_size && (
        <Flex as="nav" aria-label={t('list.pageOf', { page: params.page, pages })} gap="3" align="center" justify="end" mt="4">
          <Button size="sm" variant="outline" disabled={params.page <= 1} onClick={() => list.setPage(params.page - 1)}>
            {t('list.previous')}
          </Button>
          <Text>{t('list.pageOf', { page: params.page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={params.page >= pages} onClick={() => list.setPage(params.page + 1)}>
            {t('list.next')}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

function SortableHeader<T>({ column, list }: { column: ListColumn<T>; list: ListParamsControl }) {
  const { t } = useTranslation('common');
  const active = list.params.sort === column.key;
  const sort = active ? (list.params.order === 'desc' ? 'descending' : 'ascending') : undefined;
  if (!column.sortable) return <Table.ColumnHeader>{column.header}</Table.ColumnHeader>;
  return (
    <Table.ColumnHeader aria-sort={sort ?? 'none'}>
      <Button
        variant="ghost"
        size="xs"
        px="1"
        fontWeight="semibold"
        onClick={() => list.toggleSort(column.key)}
        title={t('list.sortBy', { column: column.header })}
      >
        {column.header}
        <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ' ↕'}</span>
      </Button>
    </Table.ColumnHeader>
  );
}

/** The search box: it waits for a pause in typing before asking the server. */
function ListSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <Stack gap="1" flex="1" minW="12rem" maxW="24rem">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {t('list.searchLabel')}
        </Text>
      </label>
      <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} />
    </Stack>
  );
}

export interface ListFilterProps {
  label: string;
  /** The current value; '' is "all". */
  value: string;
  onChange: (value: string) => void;
  /** The choices; an "all" choice with `allLabel` comes first. */
  options: { value: string; label: string }[];
  allLabel: string;
}

/** A filter of a console list: a labelled native select (keyboard and phone friendly). */
export function ListFilter({ label, value, onChange, options, allLabel }: ListFilterProps) {
  const id = useId();
  return (
    <Stack gap="1" minW="10rem">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {label}
        </Text>
      </label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}
