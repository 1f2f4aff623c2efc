import { en, fr } from '@hub/shared/i18n';
import { makeRemoteProps, runLifecycle, type MountProps } from '@hub/shared/remote';
import { act, within } from '@testing-library/react';
import lifecycles from './app';

describe('the admin remote', () => {
  it('should mount with the shell props, show its title, follow a language update and unmount cleanly', async () => {
    window.history.pushState(null, '', '/admin');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: MountProps = { ...makeRemoteProps('admin'), domElement };
    await lifecycles.bootstrap(props);
    await runLifecycle(act, () => lifecycles.mount(props));
    const view = within(domElement);
    expect(await view.findByRole('heading', { level: 1, name: en.admin.title })).toBeVisible();

    await runLifecycle(act, () => lifecycles.update!({ ...props, language: 'fr' }));
    expect(await view.findByRole('heading', { level: 1, name: fr.admin.title })).toBeVisible();

    await runLifecycle(act, () => lifecycles.unmount(props));
    expect(domElement).toBeEmptyDOMElement();
  });

  it('should render nothing on a path that is not its own', async () => {
    window.history.pushState(null, '', '/home');
    const domElement = document.createElement('div');
    const props: MountProps = { ...makeRemoteProps('admin'), domElement };
    await runLifecycle(act, () => lifecycles.mount(props));
    expect(within(domElement).queryByRole('heading')).toBeNull();
    await runLifecycle(act, () => lifecycles.unmount(props));
  });
});
