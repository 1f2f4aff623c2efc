import { en, fr } from '@hub/shared/i18n';
import { makeRemoteProps, runLifecycle, type MountProps } from '@hub/shared/remote';
import { act, within } from '@testing-library/react';
import lifecycles from './app';

describe('the content remote', () => {
  it('should mount on /news-items with the shell props, follow a language update and unmount cleanly', async () => {
    window.history.pushState(null, '', '/news-items');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: MountProps = { ...makeRemoteProps('content'), domElement };
    await lifecycles.bootstrap(props);
    await runLifecycle(act, () => lifecycles.mount(props));
    const view = within(domElement);
    expect(await view.findByRole('heading', { level: 1, name: en.content.news.title })).toBeVisible();

    await runLifecycle(act, () => lifecycles.update!({ ...props, language: 'fr' }));
    expect(await view.findByRole('heading', { level: 1, name: fr.content.news.title })).toBeVisible();

    await runLifecycle(act, () => lifecycles.unmount(props));
    expect(domElement).toBeEmptyDOMElement();
  });

  it('should follow the URL when the shell navigates, as the history bridge makes it hear', async () => {
    window.history.pushState(null, '', '/advices/details/4');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: MountProps = { ...makeRemoteProps('content'), domElement };
    await runLifecycle(act, () => lifecycles.mount(props));
    const view = within(domElement);
    expect(await view.findByRole('link', { name: 'Back to the advices' })).toBeVisible();
    await runLifecycle(act, async () => {
      window.history.pushState(null, '', '/news-items');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await view.findByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await runLifecycle(act, () => lifecycles.unmount(props));
  });
});
