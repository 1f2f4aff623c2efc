import { type RemoteEntry } from '@hub/shared/api';
import { makeUser } from '@hub/shared/remote';
import { route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { act, screen, waitFor } from '@testing-library/react';
import { createShellServices } from '../shell-services';
import { renderInShell } from '../test-support/render-shell';
import { ReleaseFollowUp } from './release-follow-up';
import { useRemoteProps } from './use-remote-props';
import type { RemoteProps } from '@hub/shared/remote';

// The shell's real services and the follow-up as the signed-in app renders it, against a local
// server that gives the signed-in administrator content 1.0.0 and the person 7 content 2.0.0.
const server = startApiServer();
const release = (version: string): RemoteEntry => ({
  name: 'content',
  entry: `${server.origin}/releases/content/${version}/mf-manifest.json`,
  version,
});
const asked = (): SeenRequest[] => server.requests.filter((request) => request.path === '/api/remotes');

beforeEach(() => {
  server.routes = [
    route('GET', '/api/remotes', (request: SeenRequest) => ({
      remotes: [release(request.headers['display-as-user-id'] === '7' ? '2.0.0' : '1.0.0')],
    })),
    route('POST', '/api/client-events', null, 204),
  ];
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the follow-up of the releases', () => {
  it("should start when idle, and offer the displayed person's release when display-as starts", async () => {
    const services = createShellServices({ language: 'en', origin: server.origin });
    services.session.setTokens({ hub: 'hub-token', files: 'files-token' });
    const admin = makeUser({ id: 1, rights: ['administrator'] });
    services.session.setUser(admin);
    // The page holds content 1.0.0 (its area was visited).
    await expect(services.remoteLoader('content', { attempt: 0 })).rejects.toThrow('answered 404');
    // The props the content remote is mounted with: its boundary reports through them.
    let props: RemoteProps | null = null;
    function Content() {
      props = useRemoteProps('content');
      return null;
    }
    const view = renderInShell(
      <>
        <Content />
        <ReleaseFollowUp />
      </>,
      services,
    );

    // Once idle: the watcher asks, and the figures are collected.
    await waitFor(() => expect(asked()).toHaveLength(2));
    props!.reportError!(new TypeError('what the person typed'));
    expect(screen.queryByText('A new version of this part is available')).toBeNull();

    // Display-as of person 7, who is given content 2.0.0: asked at once in their name, and offered.
    act(() => services.session.startDisplayAs({ userId: 7, includesUnpublished: false }, makeUser({ id: 7 })));
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(asked()[2]!.headers['display-as-user-id']).toBe('7');
    expect(await screen.findByText('A new version of this part is available')).toBeVisible();

    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(server.seen).toContain('/api/client-events'));
    const batch = server.requests.find((request) => request.path === '/api/client-events')!;
    expect(batch.headers.authorization).toBe('Bearer hub-token');
    expect(batch.body).toEqual({
      events: [expect.objectContaining({ remote: 'content', version: '1.0.0', kind: 'boundary', error_name: 'TypeError' })],
    });
    expect(batch.raw.toString()).not.toContain('typed');

    // Signed out (the app unmounts): nothing more is asked or sent.
    view.unmount();
    props!.reportError!(new TypeError('later'));
    window.dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toHaveLength(3);
    expect(server.seen.filter((url) => url === '/api/client-events')).toHaveLength(1);
  });
});
