import { makeRemoteProps, RemoteRoot } from '../remote';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAllPages, ListFilter, ListFrame, type ListPage } from './list-frame';
import { useListParams } from './use-list-params';

interface Row {
  id: number;
  title: string;
}

function Harness({
  data,
  loading = false,
  error = false,
  onCreate,
  list: given,
}: {
  data?: ListPage<Row>;
  loading?: boolean;
  error?: boolean;
  onCreate?: () => void;
  /** The list's state from outside, in place of the address's. */
  list?: Parameters<typeof ListFrame<Row>>[0]['list'];
}) {
  const own = useListParams(['status']);
  const list = given ?? own;
  return (
    <ListFrame<Row>
      title="Advices"
      list={list}
      data={data}
      loading={loading}
      error={error}
      onRetry={() => undefined}
      columns={[{ key: 'title', header: 'Title', sortable: true, render: (row) => row.title }]}
      rowKey={(row) => row.id}
      rowActions={(row) => <button>Delete {row.title}</button>}
      filters={
        <ListFilter
          label="Status"
          value={list.params.filters.status ?? ''}
          onChange={(value) => list.setFilter('status', value)}
          options={[{ value: '16', label: 'Published' }]}
          allLabel="All"
        />
      }
      emptyText="No advice yet."
      onCreate={onCreate}
      createLabel="New advice"
    />
  );
}

const renderFrame = (props: Parameters<typeof Harness>[0]) =>
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      <Harness {...props} />
    </RemoteRoot>,
  );

const page = (items: Row[], total = items.length): ListPage<Row> => ({ items, total, page_size: 2 });

beforeEach(() => window.history.replaceState(null, '', '/entity/admin/advices'));

describe('ListFrame', () => {
  it('should show the title, the count, real column headers and the rows with their named actions', () => {
    renderFrame({ data: page([{ id: 1, title: 'Close the books' }], 1) });
    expect(screen.getByRole('heading', { level: 1, name: 'Advices' })).toBeVisible();
    expect(screen.getByText('1 item')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Advices' });
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Delete Close the books' })).toBeVisible();
  });

  it('should keep sort, page and filter in the URL', async () => {
    renderFrame({
      data: page(
        [
          { id: 1, title: 'A' },
          { id: 2, title: 'B' },
        ],
        5,
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(window.location.search).toBe('?sort=title&order=asc');
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(window.location.search).toBe('?sort=title&order=desc');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '16');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('status')).toBe('16');
    expect(query.get('page')).toBeNull();
  });

  it('should page a keyset list by its cursors, past the capped count, and come back', async () => {
    const rows = [
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
    ];
    const keyset = (next_cursor: string | null): ListPage<Row> => ({ ...page(rows, 1000), total_capped: true, next_cursor });
    const { rerender } = renderFrame({ data: keyset('c2') });
    const inRoot = (data: ListPage<Row>) => (
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <Harness data={data} />
      </RemoteRoot>
    );
    expect(screen.getByText('1,000+ items')).toBeVisible();
    expect(screen.getByText('Page 1')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    let query = new URLSearchParams(window.location.search);
    expect([query.get('page'), query.get('cursor')]).toEqual(['2', 'c2']);
    rerender(inRoot(keyset('c3')));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    query = new URLSearchParams(window.location.search);
    expect([query.get('page'), query.get('cursor')]).toEqual(['3', 'c3']);
    rerender(inRoot(keyset(null)));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    query = new URLSearchParams(window.location.search);
    expect([query.get('page'), query.get('cursor')]).toEqual(['2', 'c2']);
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(window.location.search).toBe('?sort=title&order=asc');
  });

  it("should page on past a searched list's capped count while pages come back full", async () => {
    const rows = [
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
    ];
    const { rerender } = renderFrame({ data: { ...page(rows, 50), total_capped: true } });
    expect(screen.getByText('50+ items')).toBeVisible();
    expect(screen.getByText('Page 1')).toBeVisible();
    const inRoot = (data: ListPage<Row>) => (
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <Harness data={data} />
      </RemoteRoot>
    );
    // A full page of a list counted to 50: there may be more after it.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    rerender(inRoot({ ...page([rows[0]!], 50), total_capped: true }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('should put the search in the URL after a pause in typing', async () => {
    renderFrame({ data: page([]) });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'budget');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(new URLSearchParams(window.location.search).get('search')).toBe('budget');
    expect(screen.getByText('Nothing matches this search or these filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    expect(window.location.search).toBe('');
  });

  it('should apply the search at once when the person leaves the box, before the pause ends', async () => {
    renderFrame({ data: page([]) });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'budget');
    expect(new URLSearchParams(window.location.search).get('search')).toBeNull();
    await userEvent.tab();
    expect(new URLSearchParams(window.location.search).get('search')).toBe('budget');
  });

  it('should keep both of two changes made before the list renders again: a search left for a filter', async () => {
    // Leaving the box for the filter applies the search, then the filter, before the list renders
    // again: the filter's change must not start from the address as it was before the search.
    renderFrame({ data: page([]) });
    const box = screen.getByRole('searchbox', { name: 'Search by title' });
    await userEvent.type(box, 'budget');
    act(() => {
      fireEvent.blur(box);
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '16' } });
    });
    const query = new URLSearchParams(window.location.search);
    expect([query.get('search'), query.get('status')]).toEqual(['budget', '16']);
  });

  it('should apply a search once when the box is left, even before the address shows it', async () => {
    // A list whose address has not changed yet (a navigation still rendering): the search stays ''.
    const searches: string[] = [];
    const list = {
      params: { page: 1, cursor: null, sort: null, order: 'asc' as const, search: '', filters: {} },
      setPage: () => undefined,
      toggleSort: () => undefined,
      setSearch: (search: string) => searches.push(search),
      setFilter: () => undefined,
      clear: () => undefined,
    };
    renderFrame({ data: page([]), list });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'budget');
    await userEvent.tab();
    expect(searches).toEqual(['budget']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(searches).toEqual(['budget']);
  });

  it('should offer to create the first one when the list is empty', async () => {
    const created: number[] = [];
    renderFrame({ data: page([]), onCreate: () => created.push(1) });
    expect(screen.getByText('No advice yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create the first one' }));
    expect(created).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('should hold the place with skeleton rows while loading, and show the error with a retry', () => {
    const { unmount } = renderFrame({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('table', { name: 'Advices' })).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderFrame({ error: true });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('should put the rows in new elements, never in the skeleton rows, whatever their keys', () => {
    const { rerender } = renderFrame({ loading: true });
    const skeletonRows = new Set(screen.getAllByRole('row', { hidden: true }).filter((row) => row.getAttribute('aria-hidden') === 'true'));
    expect(skeletonRows.size).toBe(5);
    // Row keys 1 and 2 are also the indexes of skeleton rows: were the keys shared, React would move
    // those skeleton elements into place, which the browser counts as a layout shift.
    rerender(
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <Harness
          data={{
            items: [
              { id: 1, title: 'One' },
              { id: 2, title: 'Two' },
            ],
            total: 2,
            page_size: 20,
          }}
        />
      </RemoteRoot>,
    );
    const dataRows = ['One', 'Two'].map((title) => screen.getByRole('cell', { name: title }).closest('tr'));
    for (const row of dataRows) expect(skeletonRows.has(row as HTMLElement)).toBe(false);
  });
});

describe('fetchAllPages', () => {
  it('should read a list paged by number past its capped count until a short page', async () => {
    const asked: number[] = [];
    const rows = await fetchAllPages<Row>((pageNumber) => {
      asked.push(pageNumber);
      const items = pageNumber < 4 ? [1, 2].map((n) => ({ id: pageNumber * 10 + n, title: '' })) : [{ id: 41, title: '' }];
      return Promise.resolve({ items, total: 2, page_size: 2, total_capped: true });
    });
    expect(asked).toEqual([1, 2, 3, 4]);
    expect(rows).toHaveLength(7);
  });

  it('should follow the cursors of a keyset list past its capped count', async () => {
    const asked: [number, string | undefined][] = [];
    const rows = await fetchAllPages<Row>((pageNumber, cursor) => {
      asked.push([pageNumber, cursor]);
      const next = pageNumber < 3 ? `after-${pageNumber}` : null;
      return Promise.resolve({
        items: [{ id: pageNumber, title: String(pageNumber) }],
        total: 1,
        page_size: 1,
        next_cursor: next,
        total_capped: true,
      });
    });
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      [1, undefined],
      [2, 'after-1'],
      [3, 'after-2'],
    ]);
  });
});
