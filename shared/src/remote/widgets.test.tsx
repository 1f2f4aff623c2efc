import { act, within } from '@testing-library/react';
import { en, fr } from '../i18n/resources';
import type { MountProps } from './contract';
import { makeRemoteProps, runLifecycle } from './test-props';
import { createWidgetLifecycles, useRemoteProps, widgetCatalogue } from './widgets';

function Title() {
  const { language } = useRemoteProps();
  return <h2>{widgetCatalogue(language, 'content').widgets.pinnedNewsTitle}</h2>;
}

describe('home widget lifecycles', () => {
  it('should mount in the current language and follow language updates, the last one winning', async () => {
    const lifecycles = createWidgetLifecycles(Title, 'content');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: MountProps = { ...makeRemoteProps('content', { language: 'fr' }), domElement };
    await runLifecycle(act, () => lifecycles.mount(props));
    const view = within(domElement);
    expect(await view.findByRole('heading', { name: fr.content.widgets.pinnedNewsTitle })).toBeVisible();

    await runLifecycle(act, async () => {
      await Promise.all([lifecycles.update!({ ...props, language: 'en' }), lifecycles.update!({ ...props, language: 'fr' })]);
    });
    expect(await view.findByRole('heading', { name: fr.content.widgets.pinnedNewsTitle })).toBeVisible();
    await runLifecycle(act, () => lifecycles.update!({ ...props, language: 'en' }));
    expect(await view.findByRole('heading', { name: en.content.widgets.pinnedNewsTitle })).toBeVisible();

    await runLifecycle(act, () => lifecycles.unmount(props));
    expect(domElement).toBeEmptyDOMElement();
  });

  it("should keep a widget's render error inside it, with the notice and a retry in the current language", async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('widget bug');
      return <h2>Fixed</h2>;
    }
    const lifecycles = createWidgetLifecycles(Fragile, 'content');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    // The shell is told of the error caught, to count it for the remote's release.
    const reported: unknown[] = [];
    const props: MountProps = {
      ...makeRemoteProps('content', { language: 'fr', reportError: (error) => reported.push(error) }),
      domElement,
    };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await runLifecycle(act, () => lifecycles.mount(props));
    const view = within(domElement);
    expect(await view.findByRole('alert')).toHaveTextContent(fr.common.sectionUnavailable.title);
    expect(reported).toEqual([expect.objectContaining({ message: 'widget bug' })]);
    broken = false;
    await act(async () => view.getByRole('button', { name: fr.common.retry }).click());
    expect(await view.findByRole('heading', { name: 'Fixed' })).toBeVisible();
    quiet.mockRestore();
    await runLifecycle(act, () => lifecycles.unmount(props));
  });
});
