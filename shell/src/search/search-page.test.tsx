import type { SearchHit, SearchResult } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { startApiServer } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeServices, renderInShell } from '../test-support/render-shell';
import SearchPage from './search-page';
import { hit, Location, searchApi, searchResult } from './search-test-support';

const server = startApiServer();
const text = en.search;

const hits: SearchHit[] = [
  hit({
    kind: 'advice',
    id: 1,
    title: 'Invoice policy',
    snippet: 'Pay every <mark>invoice</mark> &amp; credit note',
    date: '2026-03-05T10:00:00.000Z',
    path: '/advices/1',
  }),
  hit({ kind: 'file', id: 9, title: 'invoice-2026.pdf', path: '/collectmaster/folders/3' }),
];
const result = (items: SearchHit[], extra: Partial<SearchResult> = {}) => searchResult(items, 20, extra);
const { route: searchRoute, seen: searchesSeen } = searchApi(server);

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.documentElement.lang = '';
});

function renderPage(path: string, language: 'en' | 'fr' = 'en') {
  const services = makeServices(server.origin);
  // As the language menu does: the shell's language store switches the i18n instance, and the
  // search catalogue follows the store.
  if (language === 'fr') services.language.set('fr');
  renderInShell(
    <>
      <SearchPage />
      <Location />
    </>,
    services,
    path,
  );
  return { services, user: userEvent.setup() };
}
const status = () => screen.getByRole('status');
const location = () => screen.getByTestId('location');

describe('SearchPage', () => {
  it('should search the words of the address, and show the total, the hits and the count of each kind', async () => {
    server.routes = [
      searchRoute(() =>
        result(hits, {
          total: 1000,
          total_capped: true,
          counts: [
            { kind: 'advice', count: 1000, capped: true },
            { kind: 'file', count: 12, capped: false },
          ],
        }),
      ),
    ];
    renderPage('/search?q=invoice');
    expect(await screen.findByRole('heading', { level: 1, name: text.page.title })).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent(/^More than 1000 results$/));
    expect(screen.getByRole('searchbox', { name: text.page.label })).toHaveValue('invoice');
    expect(searchesSeen()).toHaveLength(1);
    const query = searchesSeen()[0]!;
    expect(query.get('q')?.trim()).toBe('invoice');
    expect(query.get('page_size')).toBe('20');
    expect(query.has('kinds')).toBe(false);
    expect(query.has('page')).toBe(false);

    const kinds = screen.getByRole('combobox', { name: text.page.kinds });
    expect(within(kinds).getByRole('option', { name: 'Advices (1,000+)' })).toBeInTheDocument();
    expect(within(kinds).getByRole('option', { name: 'Files (12)' })).toBeInTheDocument();
    expect(within(kinds).getByRole('option', { name: 'News' })).toBeInTheDocument();
    // The admin scope's kinds are not offered on the portal.
    expect(within(kinds).queryByRole('option', { name: /Users|Companies|Groups/ })).not.toBeInTheDocument();

    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Advices · Mar 5, 2026');
    expect(within(items[0]!).getByRole('link', { name: 'Invoice policy' })).toHaveAttribute('href', '/advices/1');
    expect(items[0]).toHaveTextContent('Pay every invoice & credit note');
    expect([...items[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['invoice']);
    expect(items[1]).toHaveTextContent(/^Files/);
  });

  it('should ask the server for the chosen kind, then for the next page', async () => {
    server.routes = [
      searchRoute((query) =>
        result(query.get('page') === '2' ? [hit({ kind: 'advice', id: 30, title: 'Invoice 21', path: '/advices/30' })] : hits, {
          total: 40,
          counts: [{ kind: 'advice', count: 40, capped: false }],
        }),
      ),
    ];
    const { user } = renderPage('/search?q=invoice');
    await waitFor(() => expect(status()).toHaveTextContent(/^40 results$/));

    await user.selectOptions(screen.getByRole('combobox', { name: text.page.kinds }), 'advice');
    await waitFor(() => expect(searchesSeen()).toHaveLength(2));
    expect(searchesSeen()[1]!.get('kinds')).toBe('advice');
    expect(location()).toHaveTextContent(/^\/search\?q=invoice&kind=advice$/);
    await waitFor(() => expect(status()).toHaveTextContent(/^40 results$/));

    const paging = screen.getByRole('navigation', { name: 'Page 1' });
    expect(within(paging).getByRole('button', { name: text.page.previous })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: text.page.next }));
    expect(await screen.findByRole('link', { name: 'Invoice 21' })).toBeInTheDocument();
    expect(searchesSeen()).toHaveLength(3);
    expect(searchesSeen()[2]!.get('page')).toBe('2');
    expect(searchesSeen()[2]!.get('kinds')).toBe('advice');
    expect(location()).toHaveTextContent(/^\/search\?q=invoice&kind=advice&page=2$/);
    expect(screen.getByRole('navigation', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.page.next })).toBeDisabled();
  });

  it('should search what is submitted and remember it', async () => {
    server.routes = [searchRoute((query) => result(query.get('q')?.trim() === 'credit note' ? hits.slice(1) : hits))];
    const { user } = renderPage('/search?q=invoice&page=3');
    await waitFor(() => expect(status()).toHaveTextContent(/^2 results$/));
    const box = screen.getByRole('searchbox', { name: text.page.label });
    await user.clear(box);
    await user.type(box, 'credit note{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(/^1 result$/));
    expect(location()).toHaveTextContent(/^\/search\?q=credit\+note$/);
    expect(searchesSeen().map((query) => query.get('q')?.trim())).toEqual(['invoice', 'credit note']);
    expect(JSON.parse(localStorage.getItem('hub.search.recent') ?? '[]')).toEqual(['credit note']);
  });

  it('should ask for words without a query, and say when nothing is found', async () => {
    server.routes = [searchRoute(() => result([]))];
    const { user } = renderPage('/search');
    expect(await screen.findByRole('status')).toHaveTextContent(text.page.empty);
    expect(searchesSeen()).toHaveLength(0);

    await user.type(screen.getByRole('searchbox', { name: text.page.label }), 'zzz{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(/^Nothing found for “zzz”\.$/));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('should say the search is unavailable when the server fails, and retry', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let failing = true;
      server.routes = [
        (_req, request) =>
          failing && request.path === '/api/search'
            ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } }
            : undefined,
        searchRoute(() => result(hits)),
      ];
      const { user } = renderPage('/search?q=invoice');
      // Tried twice (search-api.ts: one retry after a 503), then the error and the button.
      await waitFor(() => expect(status()).toHaveTextContent(text.palette.error), { timeout: 4000 });
      expect(searchesSeen()).toHaveLength(2);
      expect(screen.queryByRole('listitem')).not.toBeInTheDocument();

      failing = false;
      await user.click(screen.getByRole('button', { name: en.common.retry }));
      await waitFor(() => expect(status()).toHaveTextContent(/^2 results$/));
      expect(screen.getAllByRole('listitem')).toHaveLength(2);
      expect(searchesSeen()).toHaveLength(3);
      expect(screen.queryByRole('button', { name: en.common.retry })).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });

  it('should offer "did you mean" and search the suggestion when it is chosen', async () => {
    server.routes = [
      searchRoute((query) =>
        query.get('q')?.trim() === 'invoice' ? result(hits) : result(hits.slice(1), { suggestion: 'invoice', corrected: false }),
      ),
    ];
    const { user } = renderPage('/search?q=invoise');
    await user.click(await screen.findByRole('button', { name: 'Did you mean “invoice”?' }));
    expect(location()).toHaveTextContent(/^\/search\?q=invoice$/);
    await waitFor(() => expect(status()).toHaveTextContent(/^2 results$/));
    expect(screen.getByRole('searchbox', { name: text.page.label })).toHaveValue('invoice');
    expect(searchesSeen().map((query) => query.get('q')?.trim())).toEqual(['invoise', 'invoice']);
    expect(screen.queryByRole('button', { name: /Did you mean/ })).not.toBeInTheDocument();
  });

  it('should say which corrected words it shows when the typed ones find nothing', async () => {
    server.routes = [searchRoute(() => result(hits, { suggestion: 'invoice', corrected: true }))];
    renderPage('/search?q=invoise');
    await waitFor(() => expect(status()).toHaveTextContent(/^2 results Showing results for “invoice”\.$/));
    expect(screen.queryByRole('button', { name: /Did you mean/ })).not.toBeInTheDocument();
  });

  it('should speak French: labels, totals, kinds and their counts', async () => {
    server.routes = [
      searchRoute(() =>
        result(hits, {
          total: 1000,
          total_capped: true,
          counts: [
            { kind: 'advice', count: 1000, capped: true },
            { kind: 'file', count: 3, capped: false },
          ],
        }),
      ),
    ];
    renderPage('/search?q=facture', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: fr.search.page.title })).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent(/^Plus de 1000 résultats$/));
    expect(screen.getByRole('searchbox', { name: fr.search.page.label })).toHaveValue('facture');
    const kinds = screen.getByRole('combobox', { name: fr.search.page.kinds });
    expect(within(kinds).getByRole('option', { name: fr.search.page.allKinds })).toBeInTheDocument();
    expect(within(kinds).getByRole('option', { name: /^Conseils \(1\s000\+\)$/ })).toBeInTheDocument();
    expect(within(kinds).getByRole('option', { name: 'Fichiers (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Conseils · 5 mars 2026');
    expect(screen.getByRole('button', { name: fr.search.page.submit })).toBeInTheDocument();
  });
});
