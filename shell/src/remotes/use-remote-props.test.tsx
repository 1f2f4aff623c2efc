import { makeUser, type RemoteProps } from '@hub/shared/remote';
import { get, route, startApiServer } from '@hub/shared/test-support';
import { act } from '@testing-library/react';
import { makeServices, renderInShell } from '../test-support/render-shell';
import { useRemoteProps } from './use-remote-props';

const server = startApiServer();
const admin = makeUser({ id: 1, rights: ['administrator'] });
const nina = makeUser({ id: 5, first_name: 'Nina', rights: ['user'] });

let latest: RemoteProps | null = null;
function Probe() {
  latest = useRemoteProps('admin');
  return null;
}

beforeEach(() => sessionStorage.clear());

describe('useRemoteProps', () => {
  it("should let an administrator's console start display-as, and hand every remote the new session and entity", async () => {
    server.routes = [
      route('POST', '/api/auth/check-display-as', { status: 'success', display_as_user: { id: 5 } }),
      get('/api/auth/user', (request: { headers: Record<string, unknown> }) =>
        request.headers['display-as-user-id'] === '5' ? nina : admin,
      ),
    ];
    const services = makeServices(server.origin);
    services.session.setUser(admin);
    renderInShell(<Probe />, services);

    act(() => latest!.selectEntity(3));
    expect(latest!.session.selectedEntityId).toBe(3);
    let started = false;
    await act(async () => {
      started = await latest!.startDisplayAs!(5, { includesUnpublished: true });
    });
    expect(started).toBe(true);
    expect(latest!.session).toMatchObject({ user: admin, displayedUser: nina, displayAs: { userId: 5, includesUnpublished: true } });
  });
});
