import { en, fr } from '@hub/shared/i18n';
import { makeRemoteProps, runLifecycle, type MountProps } from '@hub/shared/remote';
import { act, within } from '@testing-library/react';
import lifecycles from '../../../app';

async function mountAt(path: string, language: 'en' | 'fr') {
  window.history.pushState(null, '', path);
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const props: MountProps = { ...makeRemoteProps('admin'), language, domElement };
  await lifecycles.bootstrap(props);
  await runLifecycle(act, () => lifecycles.mount(props));
  return { view: within(domElement), unmount: () => runLifecycle(act, () => lifecycles.unmount(props)), domElement };
}

describe('the documentation pages', () => {
  it("should show the consultants' documentation at /documentation, every section titled, no raw key", async () => {
    const { view, unmount, domElement } = await mountAt('/documentation', 'en');
    expect(await view.findByRole('heading', { level: 1, name: en.admin.documentation.title })).toBeVisible();
    for (const section of Object.values(en.admin.documentation.sections)) {
      expect(view.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
      expect(view.getByText(section.body)).toBeVisible();
    }
    expect(domElement.textContent).not.toMatch(/documentation\.sections/);
    await unmount();
  });

  it('should show the entity administrators their own title, in French when asked', async () => {
    const { view, unmount } = await mountAt('/entity/documentation', 'fr');
    expect(await view.findByRole('heading', { level: 1, name: fr.admin.documentation.entityTitle })).toBeVisible();
    expect(view.getByRole('heading', { level: 2, name: fr.admin.documentation.sections.discussions.title })).toBeVisible();
    await unmount();
  });
});
