import type { SearchHit, SearchResult } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { get, startApiServer } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShellServices } from '../shell-services';
import { polyfillDialog, renderInShell } from '../test-support/render-shell';
import { SearchTrigger } from './search-trigger';
import { hit, Location, searchApi, searchResult } from './search-test-support';

const server = startApiServer();
const text = en.search.palette;
/** docs/product.md §11: results 150 ms after the last key. */
const DEBOUNCE_MS = 150;

const hits: SearchHit[] = [
  hit({
    kind: 'advice',
    id: 1,
    title: '<script>window.hacked = true</script> Invoice policy',
    snippet: 'Pay the &lt;b&gt;<mark>invoice</mark>&lt;/b&gt; within <mark>30</mark> days',
    path: '/advices/1',
  }),
  hit({
    kind: 'advice',
    id: 2,
    title: 'Invoice reminders',
    // Markup the server should have escaped stays text all the same.
    snippet: '<img src="x" onerror="window.hacked = true"><mark>Invoice</mark> <b>due</b>',
    path: '/advices/2',
  }),
  hit({ kind: 'file', id: 9, title: 'invoice-2026.pdf', path: '/collectmaster/folders/3' }),
];
const result = (items: SearchHit[], extra: Partial<SearchResult> = {}) => searchResult(items, 12, extra);
const { route: searchRoute, seen: searchesSeen } = searchApi(server);

/**
 * The browser closes an open modal <dialog> on Escape (a cancelable 'cancel', then close()); jsdom
 * does not. Played here after the page's own handlers, unless one of them prevented it.
 */
function closeModalOnEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const dialog = [...document.querySelectorAll('dialog')].reverse().find((element) => element.open);
  if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
}

beforeAll(() => {
  polyfillDialog();
  document.addEventListener('keydown', closeModalOnEscape);
});
afterAll(() => document.removeEventListener('keydown', closeModalOnEscape));
beforeEach(() => localStorage.clear());

/**
 * The header's search button (the palette's real opener) in the shell. `fetched` lists every call
 * of the shell's API client (even one cancelled before it reached the server), with its time.
 */
function renderTrigger() {
  const fetched: { url: URL; at: number }[] = [];
  const services = createShellServices({
    language: 'en',
    origin: server.origin,
    fetch: (input, init) => {
      fetched.push({ url: new URL(String(input)), at: Date.now() });
      return fetch(input, init);
    },
    remoteLoader: () => Promise.reject(new Error('unused')),
  });
  services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
  renderInShell(
    <>
      <SearchTrigger />
      <Location />
    </>,
    services,
  );
  const user = userEvent.setup({ delay: null });
  const open = async () => {
    await user.click(screen.getByRole('button', { name: en.shell.searchTrigger.label }));
    const dialog = await screen.findByRole('dialog', { name: text.title });
    const input = await within(dialog).findByRole('combobox', { name: text.label });
    await waitFor(() => expect(input).toHaveFocus());
    return { dialog, input };
  };
  return { user, open, searchesFetched: () => fetched.filter(({ url }) => url.pathname === '/api/search') };
}

describe('SearchPalette', () => {
  it('should ask the server once after the last key, and show the hits grouped by kind with only the highlight as markup', async () => {
    server.routes = [searchRoute((query) => result(query.get('q') === 'invoice' ? hits : []))];
    const { user, open, searchesFetched } = renderTrigger();
    const { dialog, input } = await open();
    let lastKey = 0;
    input.addEventListener('input', () => (lastKey = Date.now()));

    // Keys typed without a pause: a search per key would show as several calls, however fast.
    await user.type(input, 'invoice');
    const groups = await within(dialog).findAllByRole('group');
    expect(searchesFetched()).toHaveLength(1);
    expect(searchesFetched()[0]!.at - lastKey).toBeGreaterThanOrEqual(DEBOUNCE_MS - 2);
    expect(searchesSeen().map((query) => query.get('q'))).toEqual(['invoice']);
    expect(searchesSeen()[0]!.get('page_size')).toBe('12');

    expect(groups.map((group) => within(group).getAllByRole('option').length)).toEqual([2, 1]);
    const [advices, files] = groups as [HTMLElement, HTMLElement];
    expect(advices).toHaveAccessibleName(en.search.kinds.advice);
    expect(files).toHaveAccessibleName(en.search.kinds.file);
    expect(within(files).getByRole('option')).toHaveTextContent('invoice-2026.pdf');

    // The title is plain text and the snippet's only markup is <mark>: nothing else becomes an element.
    const first = within(advices).getAllByRole('option')[0]!;
    expect(first).toHaveTextContent('<script>window.hacked = true</script> Invoice policy');
    expect(first).toHaveTextContent('Pay the <b>invoice</b> within 30 days');
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['invoice', '30']);
    const second = within(advices).getAllByRole('option')[1]!;
    expect(second).toHaveTextContent('<img src="x" onerror="window.hacked = true">Invoice <b>due</b>');
    expect([...second.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Invoice']);
    expect(dialog.querySelector('script, b, img')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    expect(within(dialog).getByRole('option', { name: text.allResults.replace('{{query}}', 'invoice') })).toBeInTheDocument();
  });

  it('should announce the number of results in a polite live region', async () => {
    server.routes = [
      searchRoute((query) => (query.get('q') === 'invoice' ? result(hits) : result(hits.slice(0, 1), { total: 1000, total_capped: true }))),
    ];
    const { user, open } = renderTrigger();
    const { dialog, input } = await open();
    const live = within(dialog).getByRole('status');
    expect(live).toBeEmptyDOMElement();

    await user.type(input, 'invoice');
    await waitFor(() => expect(live).toHaveTextContent('3 results'));
    expect(live).toHaveTextContent(/^3 results$/);
    // role="status" is polite: the screen reader reads it without interrupting.
    expect(live).not.toHaveAttribute('aria-live', 'assertive');

    await user.type(input, 's');
    await waitFor(() => expect(live).toHaveTextContent(/^More than 1000 results$/));
    expect(within(dialog).getAllByRole('option')).toHaveLength(2);
  });

  it('should move among the options with the arrows, open the active hit on Enter and close', async () => {
    server.routes = [searchRoute(() => result(hits))];
    const { user, open } = renderTrigger();
    const { dialog, input } = await open();
    await user.type(input, 'invoice');
    await within(dialog).findAllByRole('group');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Invoice policy'),
      expect.stringContaining('Invoice reminders'),
      'invoice-2026.pdf',
      'See all results for “invoice”',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', within(dialog).getByRole('listbox').id);
    const expectActive = (index: number) => {
      expect(input).toHaveAttribute('aria-activedescendant', options[index]!.id);
      options.forEach((option, at) => expect(option).toHaveAttribute('aria-selected', String(at === index)));
    };

    expectActive(0);
    await user.keyboard('{ArrowDown}');
    expectActive(1);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expectActive(3);
    await user.keyboard('{ArrowDown}');
    expectActive(0);
    await user.keyboard('{ArrowUp}');
    expectActive(3);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expectActive(1);
    expect(input).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/advices\/2$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the header's button.
    expect(screen.getByRole('button', { name: en.shell.searchTrigger.label })).toHaveFocus();
  });

  it('should close on Escape and on its close button, going nowhere', async () => {
    const { user, open } = renderTrigger();
    await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.shell.searchTrigger.label })).toHaveFocus();

    const { dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: text.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
  });

  it('should say the search is unavailable when the server fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      server.routes = [get('/api/search', { statusCode: 503, error: 'Service Unavailable', message: 'down' }, 503)];
      const { user, open } = renderTrigger();
      const { dialog, input } = await open();
      await user.type(input, 'invoice');
      // Tried twice (search-api.ts: one retry after a 503), then the error.
      expect(await within(dialog).findByText(text.error, undefined, { timeout: 4000 })).toBeInTheDocument();
      expect(searchesSeen()).toHaveLength(2);
      expect(within(dialog).getByRole('status')).toHaveTextContent(text.error);
      expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
      expect(input).toHaveAttribute('aria-expanded', 'false');
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /search failed: 503'));
    } finally {
      logged.mockRestore();
    }
  });

  it('should try a search answered 503 once more, and show what the second answer found', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let calls = 0;
      server.routes = [
        (_req, request) => {
          if (request.path !== '/api/search') return undefined;
          calls += 1;
          return calls === 1
            ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'reopening' } }
            : { status: 200, body: result(hits) };
        },
      ];
      const { user, open } = renderTrigger();
      const { dialog, input } = await open();
      await user.type(input, 'invoice');
      expect(await within(dialog).findAllByRole('option', undefined, { timeout: 4000 })).toHaveLength(4);
      expect(searchesSeen().map((query) => query.get('q'))).toEqual(['invoice', 'invoice']);
      expect(within(dialog).queryByText(text.error)).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });

  it('should say when nothing is found, offering no option', async () => {
    server.routes = [searchRoute(() => result([]))];
    const { user, open } = renderTrigger();
    const { dialog, input } = await open();
    await user.type(input, 'zzz');
    expect(await within(dialog).findByText('Nothing found for “zzz”.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing found for “zzz”.');
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('should offer a corrected query ("did you mean") and search it when chosen', async () => {
    server.routes = [
      searchRoute((query) =>
        query.get('q') === 'invoice' ? result(hits) : result(hits.slice(2), { suggestion: 'invoice', corrected: false }),
      ),
    ];
    const { user, open } = renderTrigger();
    const { dialog, input } = await open();
    await user.type(input, 'invoise');
    await user.click(await within(dialog).findByRole('button', { name: 'Did you mean “invoice”?' }));
    expect(input).toHaveValue('invoice');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/^3 results$/));
    expect(searchesSeen().map((query) => query.get('q'))).toEqual(['invoise', 'invoice']);
  });

  it('should go to the search page with the query from "see all results"', async () => {
    server.routes = [searchRoute(() => result(hits))];
    const { user, open } = renderTrigger();
    const { dialog, input } = await open();
    await user.type(input, 'tax & vat');
    await user.click(await within(dialog).findByRole('option', { name: 'See all results for “tax & vat”' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=tax%20%26%20vat$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should keep the chosen search as a recent one, offer it on an empty palette, and clear them', async () => {
    server.routes = [searchRoute(() => result(hits))];
    const { user, open, searchesFetched } = renderTrigger();
    let { dialog, input } = await open();
    // Nothing searched yet: no recent searches.
    expect(within(dialog).queryByText(text.recent)).not.toBeInTheDocument();
    await user.type(input, 'invoice');
    await within(dialog).findAllByRole('group');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/advices\/1$/);
    expect(JSON.parse(localStorage.getItem('hub.search.recent') ?? '[]')).toEqual(['invoice']);

    ({ dialog, input } = await open());
    expect(input).toHaveValue('');
    const recent = within(dialog).getByRole('group', { name: text.recent });
    expect(within(recent).getByRole('option', { name: 'invoice' })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // Enter on a recent search searches it again.
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('invoice');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/^3 results$/));
    expect(searchesFetched()).toHaveLength(2);

    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: text.clearRecent }));
    expect(within(dialog).queryByRole('group', { name: text.recent })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
    expect(localStorage.getItem('hub.search.recent')).toBeNull();
    await user.keyboard('{Escape}');

    ({ dialog } = await open());
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
  });
});
