import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { useDeleteConfirm } from './use-delete-confirm';

function Rows({ refuse = false }: { refuse?: boolean }) {
  // What the server holds; the list shows what it last read from it.
  const [server] = useState(() => ({ rows: ['Budget', 'Sales'] }));
  const [shown, setShown] = useState(server.rows);
  const remover = useDeleteConfirm(
    async (row: string) => {
      if (refuse) throw new Error('refused');
      server.rows = server.rows.filter((name) => name !== row);
    },
    async () => setShown(server.rows),
  );
  return (
    <>
      <ul aria-label="Rows">
        {shown.map((row) => (
          <li key={row}>
            {row}
            <button onClick={() => remover.ask(row)}>Delete {row}</button>
          </li>
        ))}
      </ul>
      <DeleteConfirmDialog {...remover.dialog} />
    </>
  );
}

const renderRows = (refuse = false) =>
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      <Rows refuse={refuse} />
    </RemoteRoot>,
  );

describe('useDeleteConfirm', () => {
  it('should remove the row asked about once confirmed, close the dialog, then revalidate the list', async () => {
    renderRows();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Sales')).toBeNull());
    expect(screen.getByText('Budget')).toBeVisible();
  });

  it('should keep the dialog open and the row when the removal is refused', async () => {
    renderRows(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('alertdialog')).toBeVisible();
    expect(screen.getByText('Sales')).toBeVisible();
  });

  it('should ask nothing when cancelled', async () => {
    renderRows();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Budget' }));
    await userEvent.click(await screen.findByRole('button', { name: 'No, cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Budget')).toBeVisible();
  });
});
