import { en } from '@hub/shared/i18n';
import { makeUser } from '@hub/shared/remote';
import { get, startApiServer } from '@hub/shared/test-support';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeServices, renderInShell } from '../test-support/render-shell';
import { EntitySelector } from './entity-selector';

const server = startApiServer();
const entity = (id: number, name: string) => ({ id, name, logo: null, slug: name.toLowerCase(), provider_name: null, users_count: 1 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  server.routes = [
    get('/api/entities', { items: [entity(2, 'Northwind Traders'), entity(3, 'Contoso')], total: 2, page: 1, page_size: 100 }),
    get('/api/advices', {}),
  ];
});

describe('EntitySelector', () => {
  it('should let an administrator choose the entity, keep it and send it as X-Entity-ID', async () => {
    const services = makeServices(server.origin);
    services.session.setUser(makeUser({ id: 1, rights: ['administrator'] }));
    renderInShell(<EntitySelector />, services);
    const select = await screen.findByRole('combobox', { name: en.shell.entitySelector.label }, { timeout: 5000 });
    await screen.findByRole('option', { name: 'Contoso' }, { timeout: 5000 });
    await userEvent.selectOptions(select, 'Contoso');

    expect(localStorage.getItem('hub.entity')).toBe('3');
    expect(services.session.toHubSession()?.selectedEntityId).toBe(3);
    await services.apis.api.get('/advices');
    expect(server.requests.at(-1)!.headers['x-entity-id']).toBe('3');

    act(() => services.session.signOut());
    expect(localStorage.getItem('hub.entity')).toBeNull();
  }, 20_000);

  it('should hold its place for an administrator while the entities load, so that the page does not move', async () => {
    const services = makeServices(server.origin);
    services.session.setUser(makeUser({ id: 1, rights: ['administrator'] }));
    renderInShell(<EntitySelector />, services);
    const select = screen.getByRole('combobox', { name: en.shell.entitySelector.label });
    expect(select).toBeDisabled();
    await screen.findByRole('option', { name: 'Contoso' }, { timeout: 5000 });
    expect(select).toBeEnabled();
  }, 20_000);

  it('should not show for a contributor with one entity, even while loading', async () => {
    server.routes[0] = get('/api/entities', { items: [entity(2, 'Northwind Traders')], total: 1, page: 1, page_size: 100 });
    const services = makeServices(server.origin);
    services.session.setUser(makeUser({ id: 1, rights: ['contributor'] }));
    renderInShell(<EntitySelector />, services);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(server.seen).toContain('/api/entities?page_size=100');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('should not show for a plain user, nor for an administrator displaying one', async () => {
    const services = makeServices(server.origin);
    services.session.setUser(makeUser({ id: 1, rights: ['administrator'] }));
    act(() => services.session.startDisplayAs({ userId: 5, includesUnpublished: false }, makeUser({ id: 5, rights: ['user'] })));
    renderInShell(<EntitySelector />, services);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(server.seen).not.toContain('/api/entities?page_size=100');
  });
});
