import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRemoteProps, RemoteRoot } from '../remote';
import { RecipientsSelector, type SelectorPageQuery } from './recipients-selector';

/** A server-side store of users: the selector asks it for pages, as the admin API answers them. */
function userStore(count: number, selectedIds: number[] = []) {
  const users = Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `User ${String(index + 1).padStart(4, '0')}` }));
  const selected = new Set(selectedIds);
  const queries: SelectorPageQuery[] = [];
  return {
    selected,
    queries,
    load: async (query: SelectorPageQuery) => {
      queries.push(query);
      const matching = users.filter(
        (user) => selected.has(user.id) === query.selected && user.name.toLowerCase().includes(query.search.toLowerCase()),
      );
      const start = (query.page - 1) * query.pageSize;
      return { items: matching.slice(start, start + query.pageSize), total: matching.length };
    },
  };
}

function renderSelector(store: ReturnType<typeof userStore>, disabled = false, named?: { id: number; name: string }[]) {
  const events: string[] = [];
  const load = named
    ? async (query: SelectorPageQuery) => {
        const items = named.filter(
          (user) => store.selected.has(user.id) === query.selected && user.name.toLowerCase().includes(query.search.toLowerCase()),
        );
        return { items, total: items.length };
      }
    : store.load;
  render(
    <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
      <RecipientsSelector
        type="users"
        load={load}
        disabled={disabled}
        onAdd={(id) => {
          events.push(`add ${id}`);
          store.selected.add(id);
        }}
        onRemove={(id) => {
          events.push(`remove ${id}`);
          store.selected.delete(id);
        }}
      />
    </RemoteRoot>,
  );
  return events;
}

const left = () => screen.getByRole('listbox', { name: 'Not associated users' });
const right = () => screen.getByRole('listbox', { name: 'Associated users' });
const waitPause = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

describe('RecipientsSelector', () => {
  it('should move an entry on click both ways, emit add and remove with its id and announce the move', async () => {
    const store = userStore(3, [3]);
    const events = renderSelector(store);
    expect(await within(left()).findByRole('option', { name: 'User 0001 >' })).toBeVisible();
    expect(within(right()).getByRole('option', { name: '< User 0003' })).toBeVisible();

    await userEvent.click(within(left()).getByRole('option', { name: 'User 0001 >' }));
    expect(within(right()).getByRole('option', { name: '< User 0001' })).toBeVisible();
    expect(within(left()).queryByRole('option', { name: 'User 0001 >' })).toBeNull();
    expect(screen.getByText('User 0001 associated')).toBeInTheDocument();

    await userEvent.click(within(right()).getByRole('option', { name: '< User 0003' }));
    expect(within(left()).getByRole('option', { name: 'User 0003 >' })).toBeVisible();
    expect(screen.getByText('User 0003 no longer associated')).toBeInTheDocument();
    expect(events).toEqual(['add 1', 'remove 3']);
    expect(screen.getAllByText('2 users')).toHaveLength(1);
    expect(screen.getByText('1 user')).toBeVisible();
  });

  it('should keep a move when a page asked before it comes back after it, then ask both lists again', async () => {
    const store = userStore(3);
    // The server's answers are held until released; each says what the store held when it was asked.
    const held: Array<() => void> = [];
    let hold = false;
    const slowLoad = async (query: SelectorPageQuery) => {
      const answer = await store.load(query);
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      return answer;
    };
    let answerAdd: () => void = () => undefined;
    render(
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <RecipientsSelector
          type="users"
          load={slowLoad}
          onAdd={(id) =>
            new Promise<void>((resolve) => {
              answerAdd = () => {
                store.selected.add(id);
                resolve();
              };
            })
          }
          onRemove={() => undefined}
        />
      </RemoteRoot>,
    );
    expect(await within(left()).findByRole('option', { name: 'User 0001 >' })).toBeVisible();

    // A search is typed; its pages are asked (and held) before the click lands on the list still shown.
    hold = true;
    await userEvent.type(screen.getByRole('searchbox'), 'user 000');
    await waitPause();
    await userEvent.click(within(left()).getByRole('option', { name: 'User 0001 >' }));
    expect(within(right()).getByRole('option', { name: '< User 0001' })).toBeVisible();

    // The held pages say User 0001 is not associated yet: the move stays.
    hold = false;
    expect(held).toHaveLength(2);
    await act(async () => held.forEach((resolve) => resolve()));
    expect(within(right()).getByRole('option', { name: '< User 0001' })).toBeVisible();
    expect(within(left()).queryByRole('option', { name: 'User 0001 >' })).toBeNull();

    // Once the server has the move, both lists are asked again, and agree.
    const asked = store.queries.length;
    await act(async () => answerAdd());
    await within(right()).findByRole('option', { name: '< User 0001' });
    expect(store.queries.length).toBe(asked + 2);
    expect(within(left()).queryByRole('option', { name: 'User 0001 >' })).toBeNull();
    expect(within(left()).getByRole('option', { name: 'User 0002 >' })).toBeVisible();
  });

  it('should put an entry back when the server refuses the move', async () => {
    const store = userStore(2);
    render(
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <RecipientsSelector type="users" load={store.load} onAdd={() => Promise.reject(new Error('409'))} onRemove={() => undefined} />
      </RemoteRoot>,
    );
    await userEvent.click(await within(left()).findByRole('option', { name: 'User 0001 >' }));
    expect(await within(left()).findByRole('option', { name: 'User 0001 >' })).toBeVisible();
    expect(within(right()).queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('0 users')).toBeVisible();
  });

  it('should keep a single recipient in single mode: the one moved right sends the previous one back left', async () => {
    const store = userStore(3, [3]);
    const events: string[] = [];
    render(
      <RemoteRoot props={makeRemoteProps('admin')} namespace="admin">
        <RecipientsSelector
          type="users"
          single
          load={store.load}
          onAdd={(id) => {
            events.push(`set-unique ${id}`);
            store.selected.clear();
            store.selected.add(id);
          }}
          onRemove={(id) => {
            events.push(`remove ${id}`);
            store.selected.delete(id);
          }}
        />
      </RemoteRoot>,
    );
    await userEvent.click(await within(left()).findByRole('option', { name: 'User 0001 >' }));
    expect(
      within(right())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['< User 0001']);
    expect(within(left()).getByRole('option', { name: 'User 0003 >' })).toBeVisible();
    expect(screen.getByText('1 user')).toBeVisible();
    expect(screen.getByText('2 users')).toBeVisible();
    expect(events).toEqual(['set-unique 1']);
  });

  it('should search case-insensitively on both lists', async () => {
    const named = [
      { id: 1, name: 'Alice Martin' },
      { id: 2, name: 'Bob Stone' },
      { id: 3, name: 'Martina Alvarez' },
      { id: 4, name: 'Carl Jones' },
    ];
    const store = userStore(0, [3, 4]);
    renderSelector(store, false, named);
    expect(await within(left()).findByRole('option', { name: 'Bob Stone >' })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'MARTIN');
    await waitPause();
    expect(
      within(left())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Alice Martin >']);
    expect(
      within(right())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['< Martina Alvarez']);
  });

  it('should ignore clicks and keys when disabled', async () => {
    const store = userStore(2, [2]);
    const events = renderSelector(store, true);
    await userEvent.click(await within(left()).findByRole('option', { name: 'User 0001 >' }));
    left().focus();
    await userEvent.keyboard('{Enter}');
    expect(events).toEqual([]);
    expect(within(left()).getByRole('option', { name: 'User 0001 >' })).toBeVisible();
    expect(left()).toHaveAttribute('aria-disabled', 'true');
  });

  it('should move the focused entry with the arrow keys and Enter or Space', async () => {
    const store = userStore(3);
    const events = renderSelector(store);
    await within(left()).findByRole('option', { name: 'User 0001 >' });
    await userEvent.tab();
    await userEvent.tab();
    expect(left()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(left()).toHaveAttribute('aria-activedescendant', within(left()).getByRole('option', { name: 'User 0002 >' }).id);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(events).toEqual(['add 2', 'add 3']);
    expect(
      within(right())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['< User 0003', '< User 0002']);
  });

  it('should show 5,000 users a page at a time, with the counts, and search them on the server', async () => {
    const store = userStore(5000, [10, 20]);
    renderSelector(store);
    expect(await screen.findByText('4998 users')).toBeVisible();
    expect(within(left()).getAllByRole('option')).toHaveLength(50);
    expect(within(right()).getAllByRole('option')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(left()).findByRole('option', { name: 'User 0101 >' })).toBeInTheDocument();
    expect(within(left()).getAllByRole('option')).toHaveLength(100);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'user 49');
    await waitPause();
    expect(await screen.findByText('100 users')).toBeVisible();
    expect(store.queries.at(-1)).toEqual({ selected: true, search: 'user 49', page: 1, pageSize: 50 });
  });
});
