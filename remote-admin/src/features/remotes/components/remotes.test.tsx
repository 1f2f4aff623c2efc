import type { AdminRemoteList, EntityList, ReleaseFigures, RemoteRelease, RemoteStatus } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consoleRoutes } from '../../../app-routes';
import { renderRoutes } from '../../../test-support/render-routes';

// jsdom has no PointerEvent; the checkbox's press handling builds one when it loses the focus.
if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: class PointerEvent extends MouseEvent {} });

const server = startApiServer();
const texts = en.admin.remotes;

/** 60 minutes, oldest first: 5 mounts a minute, the last ten with 2, and errors in two minutes. */
const minutes: ReleaseFigures[] = Array.from({ length: 60 }, (_, index) => ({
  mounts: index >= 50 ? 2 : 5,
  errors: index === 12 ? 3 : index === 55 ? 1 : 0,
}));

const release = (version: string, overrides: Partial<RemoteRelease> = {}): RemoteRelease => ({
  version,
  manifest_url: `http://portal.test/releases/content/${version}/mf-manifest.json`,
  contract_version: 3,
  note: '',
  released_by: { user: { id: 1, name: 'Alice Admin' }, token: null },
  released_at: '2026-12-01T10:00:00.000Z',
  hour: { mounts: 0, errors: 0 },
  day: { mounts: 0, errors: 0 },
  minutes: Array.from({ length: 60 }, () => ({ mounts: 0, errors: 0 })),
  ...overrides,
});

const content: RemoteStatus = {
  name: 'content',
  stable: { version: '1.4.0', manifest_url: 'http://portal.test/releases/content/1.4.0/mf-manifest.json' },
  candidate: { version: '1.5.0', share: 10, entities: [3] },
  releases: [
    release('1.3.0', { released_at: '2026-11-20T10:00:00.000Z' }),
    release('1.4.0', { hour: { mounts: 402, errors: 1 }, day: { mounts: 9_000, errors: 12 } }),
    release('1.5.0', {
      released_at: '2026-12-05T09:30:00.000Z',
      note: 'Faster advices list',
      contract_version: 4,
      released_by: { user: null, token: { id: 7, label: 'Content CI' } },
      hour: { mounts: 250, errors: 4 },
      day: { mounts: 1_200, errors: 30 },
      minutes,
    }),
  ],
  tokens: [
    {
      id: 7,
      label: 'Content CI',
      may_promote: false,
      created_by: { id: 1, name: 'Alice Admin' },
      created_at: '2026-11-01T08:00:00.000Z',
      last_used_at: '2026-12-05T09:30:00.000Z',
      revoked_at: null,
    },
    {
      id: 5,
      label: 'Old laptop',
      may_promote: true,
      created_by: { id: 1, name: 'Alice Admin' },
      created_at: '2026-10-01T08:00:00.000Z',
      last_used_at: null,
      revoked_at: '2026-10-02T08:00:00.000Z',
    },
  ],
};
const dashboards: RemoteStatus = {
  name: 'dashboards',
  stable: { version: 'configured', manifest_url: 'http://portal.test/remotes/dashboards/mf-manifest.json' },
  candidate: null,
  releases: [],
  tokens: [],
};
/** A remote with a stable release and another one registered, no candidate: a candidate can start. */
const contact: RemoteStatus = {
  name: 'contact',
  stable: { version: '2.0.0', manifest_url: 'http://portal.test/releases/contact/2.0.0/mf-manifest.json' },
  candidate: null,
  releases: [release('2.0.0'), release('2.1.0', { note: 'New thread view', released_at: '2026-12-06T10:00:00.000Z' })],
  tokens: [],
};
const list: AdminRemoteList = { remotes: [content, dashboards, contact] };
const companies: EntityList = {
  items: [
    { id: 3, name: 'Northwind' },
    { id: 4, name: 'Contoso' },
  ],
  total: 2,
  page: 1,
  page_size: 100,
} as EntityList;

const render = (options: { language?: 'en' | 'fr'; rights?: string[] } = {}) =>
  renderRoutes(consoleRoutes(), '/admin/remotes', server.apiBase, {
    rights: options.rights ?? ['administrator'],
    language: options.language,
  });

const section = async (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}\\b`) });
const writes = () => server.requests.filter((request) => request.method !== 'GET');

describe('the remotes console', () => {
  it('should show each remote, its stable release and candidate with the companies named, the figures, the chart’s totals and the tokens', async () => {
    server.routes = [get('/api/admin/remotes', list), get('/api/admin/entities', companies)];
    render();
    const card = await section(texts.names.content);
    const summary = within(card);
    expect(summary.getByText('1.4.0', { selector: 'dd span' })).toBeVisible();
    expect(summary.getByText('1.5.0', { selector: 'dd span' })).toBeVisible();
    expect(summary.getByText('For 10 % of people')).toBeVisible();
    expect(await summary.findByText('Companies: Northwind')).toBeVisible();

    const releases = summary.getByRole('table', { name: 'Releases of Content, newest first' });
    const rows = within(releases).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      `1.5.0${texts.badgeCandidate}`,
      `1.4.0${texts.badgeStable}`,
      '1.3.0',
    ]);
    const candidateRow = within(rows[0]!);
    expect(candidateRow.getByText('Token “Content CI”')).toBeVisible();
    expect(candidateRow.getByText('Faster advices list')).toBeVisible();
    expect(candidateRow.getByText('4')).toBeVisible();
    expect(candidateRow.getByText('250 mounts · 4 errors')).toBeVisible();
    expect(candidateRow.getByText('1.6 % errors')).toBeVisible();
    expect(candidateRow.getByText('1,200 mounts · 30 errors')).toBeVisible();
    expect(candidateRow.getByText('2.5 % errors')).toBeVisible();
    const chart = candidateRow.getByRole('img', {
      name: 'Release 1.5.0, last hour per minute: 270 mounts and 4 errors in all; at most 5 mounts in one minute.',
    });
    // One bar per minute with mounts, one mark per minute with errors.
    expect(chart.querySelectorAll('g')[0]!.querySelectorAll('rect')).toHaveLength(60);
    expect(chart.querySelectorAll('g[data-errors] rect')).toHaveLength(2);
    expect(within(rows[1]!).getByText('Alice Admin')).toBeVisible();
    expect(within(rows[1]!).getByText('402 mounts · 1 error')).toBeVisible();
    expect(within(rows[2]!).getAllByText(texts.noRate)).toHaveLength(2);
    expect(within(rows[2]!).getByRole('button', { name: 'Make 1.3.0 stable' })).toBeVisible();
    expect(within(rows[0]!).queryByRole('button', { name: /stable/ })).toBeNull();

    const tokens = summary.getByRole('table', { name: 'Release tokens of Content' });
    const active = within(tokens).getByRole('row', { name: /Content CI/ });
    expect(within(active).getByText(texts.tokens.active)).toBeVisible();
    expect(within(active).getByRole('button', { name: 'Revoke the token Content CI' })).toBeVisible();
    const revoked = within(tokens).getByRole('row', { name: /Old laptop/ });
    expect(within(revoked).getByText(texts.tokens.neverUsed)).toBeVisible();
    expect(within(revoked).queryByRole('button')).toBeNull();

    const configured = within(await section(texts.names.dashboards));
    expect(configured.getByText(texts.configured)).toBeVisible();
    expect(configured.getByText(texts.noReleases)).toBeVisible();
    expect(configured.getByText(texts.tokens.empty)).toBeVisible();
    expect(configured.getByRole('button', { name: texts.actions.start })).toBeDisabled();
    expect(configured.getByText(texts.registerFirst)).toBeVisible();
    expectNoRawKey();
  });

  it('should stop the candidate after a confirmation with PUT rollout {candidate: null}, then ask for the remotes again', async () => {
    server.routes = [
      route('PUT', '/api/admin/remotes/content/rollout', {}),
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    const card = within(await section(texts.names.content));
    await userEvent.click(card.getByRole('button', { name: texts.actions.stop }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Content: stop the candidate' });
    expect(within(dialog).getByText(/Everyone who has Content 1\.5\.0 gets the stable release \(1\.4\.0\)/)).toBeVisible();
    expect(writes()).toHaveLength(0);
    const before = server.seen.filter((url) => url === '/api/admin/remotes').length;
    await userEvent.click(within(dialog).getByRole('button', { name: texts.actions.stop }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes().map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/api/admin/remotes/content/rollout', { candidate: null }],
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Content: the candidate is stopped.' }]);
    await waitFor(() => expect(server.seen.filter((url) => url === '/api/admin/remotes').length).toBe(before + 1));
  });

  it('should promote the candidate with PUT rollout {stable}, and leave nothing sent when cancelled', async () => {
    server.routes = [
      route('PUT', '/api/admin/remotes/content/rollout', {}),
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    const card = within(await section(texts.names.content));
    await userEvent.click(card.getByRole('button', { name: 'Make 1.3.0 stable' }));
    const cancelled = await screen.findByRole('alertdialog', { name: 'Content: make 1.3.0 stable' });
    await userEvent.click(within(cancelled).getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);
    // The focus goes back to the button that opened the dialog.
    await waitFor(() => expect(card.getByRole('button', { name: 'Make 1.3.0 stable' })).toHaveFocus());

    await userEvent.click(card.getByRole('button', { name: texts.actions.promote }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Content: make 1.5.0 stable' });
    expect(within(dialog).getByText(/and the candidate ends/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.actions.promote }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Content 1.5.0 is the stable release.' }]));
    expect(writes().map((request) => request.body)).toEqual([{ stable: '1.5.0' }]);
  });

  it('should start a candidate with a release, a share and a company, confirmed with what people will get', async () => {
    server.routes = [
      route('PUT', '/api/admin/remotes/contact/rollout', {}),
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    const card = within(await section(texts.names.contact));
    await userEvent.click(card.getByRole('button', { name: texts.actions.start }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact: start a candidate' }));
    // The stable release is not offered: the only choice is the other one.
    expect(dialog.getByRole('combobox', { name: /Release/ })).toHaveValue('2.1.0');
    expect(dialog.queryByRole('option', { name: /^2\.0\.0/ })).toBeNull();
    const share = dialog.getByRole('spinbutton', { name: /Share of people/ });
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    expect(dialog.getByRole('slider', { name: texts.shareSlider })).toHaveValue('25');
    const others = await dialog.findByRole('listbox', { name: 'Not associated companies' });
    await userEvent.click(await within(others).findByRole('option', { name: 'Northwind >' }));
    const chosen = dialog.getByRole('listbox', { name: 'Associated companies' });
    expect(await within(chosen).findByRole('option', { name: '< Northwind' })).toBeVisible();

    await userEvent.click(dialog.getByRole('button', { name: texts.continue }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Contact: start a candidate' }));
    expect(confirm.getByText(/Contact 2\.1\.0 will be given to 25 % of people .*: Northwind\./)).toBeVisible();
    expect(writes()).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: texts.confirmStart }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'Contact: the candidate is started.' }]));
    expect(writes().map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/api/admin/remotes/contact/rollout', { candidate: '2.1.0', share: 25, entities: [3] }],
    ]);
  });

  it('should refuse a share outside 0–100 before sending, and show the server’s 400 and 409 in the form', async () => {
    let answer = 0;
    server.routes = [
      (_req, request) => {
        if (request.method !== 'PUT' || request.path !== '/api/admin/remotes/content/rollout') return undefined;
        answer += 1;
        return answer === 1
          ? {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'share: must be <= 100',
                errors: [{ field: 'share', message: 'must be <= 100' }],
              },
            }
          : {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: 'The candidate changed meanwhile: load the page again' },
            };
      },
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    const card = within(await section(texts.names.content));
    await userEvent.click(card.getByRole('button', { name: texts.actions.reach }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Content: who gets the candidate' }));
    const share = dialog.getByRole('spinbutton', { name: /Share of people/ });
    expect(share).toHaveValue(10);
    await userEvent.clear(share);
    await userEvent.type(share, '140');
    await userEvent.click(dialog.getByRole('button', { name: texts.continue }));
    expect(await dialog.findByText(texts.shareInvalid)).toBeVisible();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(share);
    await userEvent.type(share, '50');
    await userEvent.click(dialog.getByRole('button', { name: texts.continue }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Content: who gets the candidate' }));
    expect(confirm.getByText(/50 % of people .*: Northwind\./)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: texts.confirmReach }));
    const form = within(await screen.findByRole('dialog', { name: 'Content: who gets the candidate' }));
    expect(await form.findByText('must be <= 100')).toBeVisible();
    expect(writes().map((request) => request.body)).toEqual([{ share: 50, entities: [3] }]);

    await userEvent.click(form.getByRole('button', { name: texts.continue }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: texts.confirmReach }));
    const again = within(await screen.findByRole('dialog', { name: 'Content: who gets the candidate' }));
    expect(await again.findByText('The candidate changed meanwhile: load the page again')).toBeVisible();
    expect(toasts).toEqual([
      { kind: 'error', message: texts.refused },
      { kind: 'error', message: texts.refused },
    ]);
  });

  it('should show a release the server refuses (422) on its manifest field', async () => {
    const refusal = 'The manifest was built against contract 9, which the shell cannot mount (it accepts 3 to 4)';
    server.routes = [
      route('POST', '/api/admin/remotes/dashboards/releases', { statusCode: 422, error: 'Unprocessable Entity', message: refusal }, 422),
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    render();
    const card = within(await section(texts.names.dashboards));
    await userEvent.click(card.getByRole('button', { name: texts.actions.register }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dashboards: register a release' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Version/ }), 'bad version');
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Address of mf-manifest.json/ }),
      'https://cdn.test/dashboards/9/mf-manifest.json',
    );
    await userEvent.click(dialog.getByRole('button', { name: texts.actions.register }));
    expect(await dialog.findByText(texts.versionInvalid)).toBeVisible();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(dialog.getByRole('textbox', { name: /Version/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Version/ }), '9.0.0');
    await userEvent.type(dialog.getByRole('textbox', { name: /Note/ }), 'Try');
    await userEvent.click(dialog.getByRole('button', { name: texts.actions.register }));
    expect(await dialog.findByText(refusal)).toBeVisible();
    expect(writes().map((request) => request.body)).toEqual([
      { version: '9.0.0', manifest_url: 'https://cdn.test/dashboards/9/mf-manifest.json', note: 'Try' },
    ]);
  });

  it('should show a new token once with a copy button, and never again once closed', async () => {
    const secret = 'hub_rt_5f0c2b9a7d4e4f1c8a3b6d2e9f0a1b2c';
    server.routes = [
      route('POST', '/api/admin/remotes/content/tokens', { id: 9, token: secret }, 201),
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    // A user-event session: its clipboard stands in for the browser's.
    const user = userEvent.setup();
    const card = within(await section(texts.names.content));
    await user.click(card.getByRole('button', { name: texts.tokens.create }));
    const form = within(await screen.findByRole('dialog', { name: 'Content: create a release token' }));
    await userEvent.click(form.getByRole('button', { name: texts.tokens.create }));
    expect(await form.findByText(en.common.validation.required)).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: /Label/ }), 'Content team CI');
    await userEvent.click(form.getByRole('checkbox', { name: texts.tokens.mayPromoteField }));
    await userEvent.click(form.getByRole('button', { name: texts.tokens.create }));

    const shown = within(await screen.findByRole('dialog', { name: 'Release token “Content team CI”' }));
    expect(shown.getByDisplayValue(secret)).toBeVisible();
    expect(shown.getByText(texts.tokens.onlyOnce)).toBeVisible();
    await user.click(shown.getByRole('button', { name: texts.tokens.copy }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: texts.tokens.copied }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(writes().map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/admin/remotes/content/tokens', { label: 'Content team CI', may_promote: true }],
    ]);

    await userEvent.click(shown.getByRole('button', { name: texts.tokens.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    expect(document.body.textContent).not.toContain(secret);
    await userEvent.click(card.getByRole('button', { name: texts.tokens.create }));
    const next = within(await screen.findByRole('dialog', { name: 'Content: create a release token' }));
    expect(next.getByRole('textbox', { name: /Label/ })).toHaveValue('');
    expect(document.body.textContent).not.toContain(secret);
  });

  it('should revoke a token after a confirmation with DELETE, and keep a refusal in the dialog', async () => {
    let refused = true;
    server.routes = [
      (_req, request) => {
        if (request.method !== 'DELETE' || request.path !== '/api/admin/remotes/content/tokens/7') return undefined;
        if (refused) {
          refused = false;
          return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No release token 7 for content' } };
        }
        return { status: 204, text: '' };
      },
      get('/api/admin/remotes', list),
      get('/api/admin/entities', companies),
    ];
    const { toasts } = render();
    const card = within(await section(texts.names.content));
    await userEvent.click(card.getByRole('button', { name: 'Revoke the token Content CI' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke “Content CI”' }));
    await userEvent.click(dialog.getByRole('button', { name: texts.tokens.revoke }));
    expect(await dialog.findByText('No release token 7 for content')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: texts.tokens.revoke }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes().map((request) => [request.method, request.path])).toEqual([
      ['DELETE', '/api/admin/remotes/content/tokens/7'],
      ['DELETE', '/api/admin/remotes/content/tokens/7'],
    ]);
    expect(toasts.at(-1)).toEqual({ kind: 'success', message: 'The token “Content CI” is revoked.' });
  });

  it('should say when the remotes cannot be loaded, with a retry, in French too', async () => {
    let failing = true;
    server.routes = [
      (_req, request) =>
        request.path === '/api/admin/remotes' && failing
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }
          : undefined,
      get('/api/admin/remotes', { remotes: [] }),
      get('/api/admin/entities', companies),
    ];
    render({ language: 'fr' });
    expect(await screen.findByText(fr.admin.remotes.loadFailed)).toBeVisible();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: fr.common.retry }));
    expect(await screen.findByText(fr.admin.remotes.empty)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: fr.admin.remotes.title })).toBeVisible();
    expectNoRawKey();
  });

  it('should show the French words of a remote’s figures and actions', async () => {
    server.routes = [get('/api/admin/remotes', list), get('/api/admin/entities', companies)];
    render({ language: 'fr' });
    const card = within(await section(fr.admin.remotes.names.content));
    expect(card.getByText('Pour 10 % des personnes')).toBeVisible();
    expect(card.getByRole('button', { name: fr.admin.remotes.actions.stop })).toBeVisible();
    expect(card.getByRole('table', { name: 'Jetons de publication de Contenus' })).toBeVisible();
    expectNoRawKey();
  });

  it('should list the newest releases with the stable one, and every release on demand', async () => {
    const many: RemoteStatus = {
      ...contact,
      stable: { ...contact.stable, version: '0.0.1' },
      releases: Array.from({ length: 13 }, (_, index) =>
        release(`0.0.${index + 1}`, { released_at: new Date(Date.UTC(2026, 10, index + 1)).toISOString() }),
      ),
    };
    server.routes = [get('/api/admin/remotes', { remotes: [many] }), get('/api/admin/entities', companies)];
    render();
    const card = within(await section(texts.names.contact));
    const table = card.getByRole('table', { name: 'Releases of Contact, newest first' });
    const versions = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(versions()).toEqual([...Array.from({ length: 10 }, (_, index) => `0.0.${13 - index}`), `0.0.1${texts.badgeStable}`]);
    await userEvent.click(card.getByRole('button', { name: 'Show all 13 releases' }));
    expect(versions()).toHaveLength(13);
    expect(card.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('should tell a contributor the console is for administrators, without asking the server', async () => {
    render({ rights: ['contributor'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.administratorsOnly);
    expect(server.seen).toEqual([]);
  });
});
