import { Box, Button, Flex, Heading, Input, NativeSelect, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleKit } from './use-console-kit';
import { downloadCsv, toCsv, type CsvValue } from './csv';
import { LoadState } from './load-state';
import type { ListParamsControl } from './use-list-params';
import { useDeferredData } from './use-deferred-data';

export interface ListColumn<T> {
  /** The column's key; for a sortable column, the `sort` value sent to the server. */
  key: string;
  /** The header text (a real `<th>`). */
  header: string;
  /** The server can sort by this column: the header becomes a button and shows `aria-sort`. */
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

/**
 * A page of a server-side list, as every list call answers (`ListOf` in `@hub/shared/api`); a list
 * paged by keyset (`CursorListOf`) also says where the next page starts and whether the count
 * stopped at COUNT_CAP.
 */
export interface ListPage<T> {
  items: T[];
  total: number;
  page_size: number;
  next_cursor?: string | null;
  total_capped?: boolean;
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
  /** More actions of the whole list in the header, before the create button ("Refresh users"). */
  actions?: ReactNode;
  /** The search box's label when it searches something narrower than "Search" ("Person"). */
  searchLabel?: string;
  /** How many skeleton rows hold the place while loading. */
  skeletonRows?: number;
  /**
   * Rows can be selected: a checkbox per row named "Select {rowLabel}", one for the whole page, and
   * the bulk `actions` over the selected rows of the page (`done` clears the selection).
   */
  selection?: {
    rowLabel: (row: T) => string;
    actions: (rows: T[], done: () => void) => ReactNode;
  };
  /**
   * "Export CSV": the whole list as filtered and sorted now, every page asked from the server with
   * the same filters (`fetchPage`), the file built in the browser.
   */
  csvExport?: {
    fileName: string;
    columns: { header: string; value: (row: T) => CsvValue }[];
    fetchPage: (page: number, cursor?: string) => Promise<ListPage<T>>;
  };
}

/**
 * Every page of a list, one after the other: by cursor while the answers give one (a list paged by
 * keyset, past COUNT_CAP too), else by number until the total is reached (or a page comes back
 * empty; past a capped total, short).
 */
export async function fetchAllPages<T>(fetchPage: (page: number, cursor?: string) => Promise<ListPage<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, cursor);
    rows.push(...answer.items);
    if (answer.next_cursor !== undefined) {
      if (answer.next_cursor === null || answer.items.length === 0) return rows;
      cursor = answer.next_cursor;
    } else if (answer.total_capped === true) {
      // A count that stopped says nothing of the end: a short page does.
      if (answer.items.length < answer.page_size) return rows;
    } else if (answer.items.length === 0 || rows.length >= answer.total || page * answer.page_size >= answer.total) return rows;
  }
}

/**
 * The frame of a console list (docs/consoles.md): title, item count, search box, filters, a table with
 * real headers and server-side sorting, paging, and the loading, empty and error states.
 */
export function ListFrame<T>(props: ListFrameProps<T>) {
  const { title, list, error, onRetry, columns, rowKey, rowActions, filters, emptyText, onCreate, createLabel } = props;
  // The rows are rendered in slices as a page arrives: a page of rows whole was one long task on a
  // phone. Until then the previous page, or the skeleton, stays.
  const { data, isLoading: loading } = useDeferredData({ data: props.data, isLoading: props.loading });
  const { t, i18n } = useTranslation('common');
  const { t: tKit } = useConsoleKit();
  const { params } = list;
  const filtered = params.search !== '' || Object.keys(params.filters).length > 0;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // A list paged by keyset: where each page read so far started, so that "Previous" goes back
  // without the server reading backwards (a page not seen, after a reload, starts again at 1).
  const keyset = data?.next_cursor !== undefined;
  const capped = data?.total_capped === true;
  const order = JSON.stringify([params.sort, params.order, params.search, params.filters]);
  const starts = useRef({ order, pages: new Map<number, string | null>() });
  if (starts.current.order !== order) starts.current = { order, pages: new Map() };
  starts.current.pages.set(params.page, params.cursor);
  // A list paged by number whose count stopped (a searched list counts to 50): a full page may have
  // more after it.
  const hasNext = keyset ? Boolean(data?.next_cursor) : capped ? (data?.items.length ?? 0) >= (data?.page_size ?? 1) : params.page < pages;
  const goNext = () => (keyset ? list.setPage(params.page + 1, data?.next_cursor) : list.setPage(params.page + 1));
  const goPrevious = () => {
    const target = params.page - 1;
    if (!keyset) return list.setPage(target);
    const start = starts.current.pages.get(target);
    // Without its cursor, a page within the count is read by number; any other, from the start.
    if (start !== undefined) list.setPage(target, start);
    else list.setPage(target * (data?.page_size ?? 1) <= (data?.total ?? 0) ? target : 1);
  };
  const pageText = capped ? tKit('list.page', { page: params.page }) : tKit('list.pageOf', { page: params.page, pages });
  const headingId = useId();
  const { selection, csvExport } = props;
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string | number>>(new Set());
  const selectedRows = selection && data ? data.items.filter((row) => selectedKeys.has(rowKey(row))) : [];
  const allSelected = Boolean(data && data.items.length > 0 && selectedRows.length === data.items.length);
  const toggleRow = (row: T, checked: boolean) =>
    setSelectedKeys((keys) => {
      const next = new Set(keys);
      if (checked) next.add(rowKey(row));
      else next.delete(rowKey(row));
      return next;
    });
  const togglePage = (checked: boolean) => setSelectedKeys(new Set(checked && data ? data.items.map(rowKey) : []));
  const clearSelection = () => setSelectedKeys(new Set());
  const [exporting, setExporting] = useState<'busy' | 'failed' | { count: number } | null>(null);

  const exportCsv = async () => {
    if (!csvExport) return;
    setExporting('busy');
    try {
      const rows = await fetchAllPages(csvExport.fetchPage);
      downloadCsv(
        csvExport.fileName,
        toCsv(
          csvExport.columns.map((column) => column.header),
          rows.map((row) => csvExport.columns.map((column) => column.value(row))),
        ),
      );
      setExporting({ count: rows.length });
    } catch {
      setExporting('failed');
    }
  };

  return (
    <Box as="section" aria-labelledby={headingId} p={{ base: '3', md: '6' }}>
      <Flex gap="3" align="center" wrap="wrap" mb="4">
        <Heading as="h1" size="2xl" id={headingId}>
          {title}
        </Heading>
        {data && (
          <Text color="fg.muted" aria-live="polite">
            {capped
              ? tKit('list.countCapped', { total: data.total.toLocaleString(i18n.language) })
              : tKit('list.count', { count: data.total })}
          </Text>
        )}
        <Flex ms="auto" gap="2" wrap="wrap" align="start">
          {props.actions}
          {/* Drawn from the first frame (disabled until there is something to export), so that the
              header does not wrap anew when the list arrives. */}
          {csvExport && (
            <Button variant="outline" loading={exporting === 'busy'} disabled={!data || data.total === 0} onClick={() => void exportCsv()}>
              {tKit('list.exportCsv')}
            </Button>
          )}
          {onCreate && createLabel && (
            <Button colorPalette="brand" onClick={onCreate}>
              {createLabel}
            </Button>
          )}
        </Flex>
      </Flex>
      {csvExport && (
        <VisuallyHidden role="status">
          {exporting && exporting !== 'busy' && exporting !== 'failed' ? tKit('list.exported', { count: exporting.count }) : null}
        </VisuallyHidden>
      )}
      {exporting === 'failed' && (
        <Text role="alert" color="fg.error" mb="3">
          {tKit('list.exportFailed')}
        </Text>
      )}
      <Flex gap="3" wrap="wrap" mb="4" align="end">
        <ListSearch value={params.search} onChange={list.setSearch} label={props.searchLabel} />
        {filters}
      </Flex>
      {selection && selectedRows.length > 0 && (
        <Flex
          role="toolbar"
          aria-label={tKit('list.bulkActions')}
          gap="2"
          align="center"
          wrap="wrap"
          mb="3"
          p="2"
          borderWidth="1px"
          borderRadius="md"
          bg="bg.subtle"
        >
          <Text fontWeight="medium">{tKit('list.selected', { count: selectedRows.length })}</Text>
          {selection.actions(selectedRows, clearSelection)}
          <Button size="sm" variant="ghost" onClick={clearSelection}>
            {tKit('list.clearSelection')}
          </Button>
        </Flex>
      )}
      {error && !loading ? (
        <LoadState status="error" failedText={tKit('list.loadFailed')} onRetry={onRetry} />
      ) : !loading && data && data.items.length === 0 ? (
        <LoadState
          status="empty"
          emptyText={filtered ? tKit('list.emptyFiltered') : emptyText}
          emptyAction={
            filtered ? (
              <Button variant="outline" size="sm" onClick={list.clear}>
                {tKit('list.clearFilters')}
              </Button>
            ) : onCreate ? (
              <Button colorPalette="brand" size="sm" onClick={onCreate}>
                {tKit('list.createFirst')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box overflowX="auto">
          {/* On a phone the cells keep to one line and the table scrolls sideways: squeezed into 375 px,
              an email broke after every few letters, and the rows grew as they replaced the skeleton. */}
          <Table.Root size="sm" aria-labelledby={headingId} aria-busy={loading} whiteSpace={{ base: 'nowrap', md: 'normal' }}>
            <Table.Header>
              <Table.Row>
                {selection && (
                  <Table.ColumnHeader width="1">
                    <SelectBox
                      label={tKit('list.selectPage')}
                      checked={allSelected}
                      indeterminate={selectedRows.length > 0 && !allSelected}
                      disabled={!data || data.items.length === 0 || loading}
                      onChange={togglePage}
                    />
                  </Table.ColumnHeader>
                )}
                {columns.map((column) => (
                  <SortableHeader key={column.key} column={column} list={list} />
                ))}
                {rowActions && <Table.ColumnHeader textAlign="end">{tKit('list.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading || !data
                ? Array.from({ length: props.skeletonRows ?? 5 }, (_, index) => (
                    // Keys of their own: a skeleton row keyed 1 would be reused for the row whose key is 1,
                    // and the browser counts that node moving to its new place as a layout shift.
                    <Table.Row key={`skeleton-${index}`} aria-hidden="true">
                      {selection && <Table.Cell />}
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
                      {selection && (
                        <Table.Cell>
                          <SelectBox
                            label={tKit('list.selectRow', { name: selection.rowLabel(row) })}
                            checked={selectedKeys.has(rowKey(row))}
                            onChange={(checked) => toggleRow(row, checked)}
                          />
                        </Table.Cell>
                      )}
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
      {data && (data.total > data.page_size || params.page > 1) && (
        <Flex as="nav" aria-label={pageText} gap="3" align="center" justify="end" mt="4">
          <Button size="sm" variant="outline" disabled={params.page <= 1} onClick={goPrevious}>
            {tKit('list.previous')}
          </Button>
          <Text>{pageText}</Text>
          <Button size="sm" variant="outline" disabled={!hasNext} onClick={goNext}>
            {tKit('list.next')}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

/** A native checkbox (keyboard, screen readers and the indeterminate state for free), named by `label`. */
function SelectBox(props: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { label, checked, indeterminate = false, disabled = false, onChange } = props;
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      ref={(input) => {
        if (input) input.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
      style={{ width: '1rem', height: '1rem', accentColor: 'var(--chakra-colors-brand-solid, currentColor)', cursor: 'pointer' }}
    />
  );
}

function SortableHeader<T>({ column, list }: { column: ListColumn<T>; list: ListParamsControl }) {
  const { t: tKit } = useConsoleKit();
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
        title={tKit('list.sortBy', { column: column.header })}
      >
        {column.header}
        <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ' ↕'}</span>
      </Button>
    </Table.ColumnHeader>
  );
}

/**
 * The search box: it waits for a pause in typing before asking the server, or for the person to
 * leave the box. Leaving applies the search at once: a pause still running when a row's link is
 * clicked would otherwise change the address after the click, and send the person back to the list.
 */
function ListSearch({ value, onChange, label }: { value: string; onChange: (value: string) => void; label?: string }) {
  const { t: tKit } = useConsoleKit();
  const [text, setText] = useState(value);
  const id = useId();
  // The pause running, if any: leaving the box ends it, so that one typed search is applied once
  // (a pause left running after the person left would apply it again, after their next click).
  const pause = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    pause.current = setTimeout(() => {
      pause.current = null;
      onChange(text);
    }, 300);
    return () => {
      if (pause.current !== null) clearTimeout(pause.current);
      pause.current = null;
    };
  }, [text, value, onChange]);
  return (
    <Stack gap="1" flex="1" minW="12rem" maxW="24rem">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {label ?? tKit('list.searchLabel')}
        </Text>
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (pause.current === null) return;
          clearTimeout(pause.current);
          pause.current = null;
          onChange(text);
        }}
      />
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
    // One width whatever its options: a list of companies arriving after the page must not widen it
    // and wrap the filters anew under the reader's eyes.
    <Stack gap="1" w="11rem" maxW="full">
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
