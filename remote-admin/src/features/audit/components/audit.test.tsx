import { en, fr } from '@hub/shared/i18n';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderGroups } from '../../../test-support/render-groups';
import { dayStart } from '../api/audit-api';

const server = startApiServer();
const texts = en.admin.audit;
const admin = { id: 1, email: 'admin@demo.test', name: 'Alice Admin' };
const cleo = { id: 6, email: 'user@contoso.test', name: 'Cleo Contoso' };
const lines = [
  {
    id: 9,
    actor: admin,
    display_as_user: null,
    action: 'pbi.refresh-groups',
    item_type: 'group',
    item_id: null,
    item_exists: false,
    at: '2026-11-23T10:00:00.000Z',
    details: { found: 3, created: 1, updated: 0 },
  },
  {
    id: 8,
    actor: admin,
    display_as_user: cleo,
    action: 'advice.update',
    item_type: 'advice',
    item_id: 12,
    item_exists: true,
    at: '2026-11-22T09:00:00.000Z',
    details: null,
  },
  {
    id: 7,
    actor: null,
    display_as_user: null,
    action: 'group.delete',
    item_type: 'group',
    item_id: 4,
    item_exists: false,
    at: '2026-11-21T08:00:00.000Z',
    details: null,
  },
];
const list = (items: unknown[], total = items.length) => ({ items, total, page: 1, page_size: 25 });
const filters = { actions: ['advice.update', 'group.delete', 'pbi.refresh-groups'], item_types: ['advice', 'group'] };

describe('the audit log', () => {
  it('should show who, as whom, what, which item and when, with a link to an item that still exists', async () => {
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', list(lines, 60))];
    renderGroups('/admin/audit', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    await within(table).findByText('Advice: updated');
    const rows = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([texts.at, texts.actor, texts.displayAs, texts.action, texts.item]);
    expect(rows[1]).toHaveTextContent('Alice Admin');
    expect(rows[1]).toHaveTextContent('Power BI sync: refresh groups');
    expect(rows[1]).toHaveTextContent('found: 3, created: 1, updated: 0');
    expect(within(rows[2]!).getByText('Cleo Contoso')).toBeVisible();
    expect(within(rows[2]!).getByText('Advice: updated')).toBeVisible();
    expect(within(rows[2]!).getByRole('link', { name: 'Advice #12' })).toHaveAttribute('href', '/entity/admin/advices/details/12');
    expect(rows[3]).toHaveTextContent(texts.system);
    expect(rows[3]).toHaveTextContent('Group #4 (deleted)');
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: /2026/ }).querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-22T09:00:00.000Z',
    );
    // Paged on the server.
    expect(
      screen.getByRole('navigation', { name: en.admin.kit.list.pageOf.replace('{{page}}', '1').replace('{{pages}}', '3') }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: en.admin.kit.list.next }));
    await waitFor(() => expect(server.seen).toContain('/api/admin/audit?page=2&page_size=25'));
    expectNoRawKey();
  });

  it('should filter by person, action, item type and days, kept in the URL and sent to the server', async () => {
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', list(lines))];
    renderGroups('/admin/audit', server.apiBase);
    await screen.findByRole('table', { name: texts.title });
    await userEvent.type(screen.getByRole('searchbox', { name: texts.person }), 'cleo');
    await waitFor(() => expect(server.seen).toContain('/api/admin/audit?page=1&page_size=25&person=cleo'));
    const action = screen.getByRole('combobox', { name: texts.action });
    await waitFor(() => expect(within(action).getByRole('option', { name: 'Group: deleted' })).toBeInTheDocument());
    await userEvent.selectOptions(action, 'Group: deleted');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.itemType }), en.admin.audit.itemTypes.group);
    fireEvent.change(screen.getByLabelText(texts.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(texts.to), { target: { value: '2026-11-23' } });
    const from = encodeURIComponent(dayStart('2026-11-01')!);
    const to = encodeURIComponent(dayStart('2026-11-23', true)!);
    await waitFor(() =>
      expect(server.seen).toContain(
        `/api/admin/audit?page=1&page_size=25&person=cleo&action=group.delete&item_type=group&from=${from}&to=${to}`,
      ),
    );
    expect(new URLSearchParams(window.location.search).get('from')).toBe('2026-11-01');
    expect(new URLSearchParams(window.location.search).get('action')).toBe('group.delete');
  });

  it('should give the start of a day in the browser’s calendar, and of the next one for the end of a range', () => {
    expect(dayStart('2026-11-23')).toBe(new Date(2026, 10, 23).toISOString());
    expect(dayStart('2026-11-30', true)).toBe(new Date(2026, 11, 1).toISOString());
    expect(dayStart('not a day')).toBeUndefined();
    expect(dayStart(undefined)).toBeUndefined();
  });

  it('should say when nothing is recorded, and offer to retry when the log cannot be loaded', async () => {
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', list([]))];
    const { unmount } = renderGroups('/admin/audit', server.apiBase);
    expect(await screen.findByText(texts.empty)).toBeVisible();
    unmount();
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', { statusCode: 500, error: 'x', message: 'x' }, 500)];
    renderGroups('/admin/audit', server.apiBase);
    expect(await screen.findByText(en.admin.kit.list.loadFailed)).toBeVisible();
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', list(lines))];
    await userEvent.click(screen.getByRole('button', { name: en.common.retry }));
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByText('Advice: updated')).toBeVisible();
  });

  it('should speak French, and refuse the log to a contributor', async () => {
    server.routes = [get('/api/admin/audit/filters', filters), get('/api/admin/audit', list(lines))];
    const { unmount } = renderGroups('/admin/audit', server.apiBase, { language: 'fr' });
    expect(await screen.findByRole('table', { name: fr.admin.audit.title })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Conseil : mise à jour' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Groupe n° 4 (supprimé)' })).toBeVisible();
    expectNoRawKey();
    unmount();
    renderGroups('/admin/audit', server.apiBase, { rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.administratorsOnly);
  });
});
