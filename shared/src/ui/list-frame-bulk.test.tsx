import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { ListFrame, type ListPage } from './list-frame';
import { useListParams } from './use-list-params';

interface Row {
  id: number;
  title: string;
}

const rows = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, title: index === 4 ? '=cmd|calc' : `Item ${index + 1}, "quoted"` }));

/** The browser's download: the Blob handed to `URL.createObjectURL` (jsdom has none), read back as text. */
function captureDownloads() {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:test/${blobs.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  return { blobs, read };
}

/** `data`: the list's page, null while it loads; two rows of five unless given. */
function Harness({
  fetchPage,
  onBulk,
  data = { items: rows.slice(0, 2), total: rows.length, page_size: 2 },
}: {
  fetchPage: (page: number) => Promise<ListPage<Row>>;
  onBulk: (ids: number[]) => void;
  data?: ListPage<Row> | null;
}) {
  const list = useListParams([]);
  return (
    <ListFrame<Row>
      title="Advices"
      list={list}
      data={data ?? undefined}
      loading={data === null}
      error={false}
      onRetry={() => undefined}
      columns={[{ key: 'title', header: 'Title', render: (row) => row.title }]}
      rowKey={(row) => row.id}
      emptyText="No advice yet."
      selection={{
        rowLabel: (row) => row.title,
        actions: (selected, done) => (
          <button
            onClick={() => {
              onBulk(selected.map((row) => row.id));
              done();
            }}
          >
            Publish
          </button>
        ),
      }}
      csvExport={{
        fileName: 'advices.csv',
        fetchPage,
        columns: [
          { header: 'id', value: (row) => row.id },
          { header: 'Title', value: (row) => row.title },
        ],
      }}
    />
  );
}

function renderHarness(fetchPage: (page: number) => Promise<ListPage<Row>>) {
  const bulk: number[][] = [];
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      <Harness fetchPage={fetchPage} onBulk={(ids) => bulk.push(ids)} />
    </RemoteRoot>,
  );
  return bulk;
}

const pages = (asked: number[]) => async (page: number) => {
  asked.push(page);
  return { items: rows.slice((page - 1) * 2, page * 2), total: rows.length, page_size: 2 };
};

describe('ListFrame selection and CSV export', () => {
  it('should select rows by their named checkboxes or the whole page, and hand the selected rows to the bulk actions', async () => {
    const bulk = renderHarness(pages([]));
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected items' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Item 2, "quoted"' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions on the selected items' });
    expect(within(toolbar).getByText('1 selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select every item of this page' })).toHaveProperty('indeterminate', true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every item of this page' }));
    expect(within(toolbar).getByText('2 selected')).toBeVisible();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Publish' }));
    expect(bulk).toEqual([[1, 2]]);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Item 1, "quoted"' })).not.toBeChecked();
  });

  it('should export every page as one CSV, quoted (RFC 4180) and guarded against formulas', async () => {
    const { blobs, read } = captureDownloads();
    const asked: number[] = [];
    renderHarness(pages(asked));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(asked).toEqual([1, 2, 3]);
    // FileReader drops the byte-order mark that spreadsheets need: 3 bytes more than the text.
    const text = await read(blobs[0]!);
    expect(blobs[0]!.size).toBe(new TextEncoder().encode(text).length + 3);
    expect(text).toBe(
      'id,Title\r\n1,"Item 1, ""quoted"""\r\n2,"Item 2, ""quoted"""\r\n3,"Item 3, ""quoted"""\r\n4,"Item 4, ""quoted"""\r\n5,\'=cmd|calc\r\n',
    );
    expect(screen.getByRole('status')).toHaveTextContent('5 rows exported.');
  });

  it('should hold the export’s place while the list loads, and offer it only with something to export', () => {
    const harness = (data: ListPage<Row> | null) => (
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <Harness fetchPage={pages([])} onBulk={() => undefined} data={data} />
      </RemoteRoot>
    );
    const view = render(harness(null));
    // Drawn disabled from the first frame, so the header does not wrap anew when the list arrives.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    view.rerender(harness({ items: [], total: 0, page_size: 2 }));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    view.rerender(harness({ items: rows.slice(0, 2), total: rows.length, page_size: 2 }));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('should say so when a page of the export fails', async () => {
    const { blobs } = captureDownloads();
    renderHarness(async (page) => {
      if (page === 2) throw new Error('500');
      return { items: rows.slice(0, 2), total: rows.length, page_size: 2 };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed: try again.');
    await act(async () => undefined);
    expect(blobs).toHaveLength(0);
  });
});
