import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './test-support/session';

/**
 * Errors keep their meaning inside a remote. The shell builds the API clients the remotes use, so
 * every error here is thrown by the shell's bundle and recognised by remote-admin's (and the
 * image picker's) own copy of @hub/shared: by the ApiError brand, never by instanceof.
 */

/** A call to the hub API with the page's own token, as another tab of the same administrator would make it. */
async function apiCall(page: Page, method: string, path: string): Promise<number> {
  return page.evaluate(
    async ({ method, path }) => {
      const token = localStorage.getItem('hub.token.api');
      const response = await fetch(path, { method, headers: { Authorization: `Bearer ${token}`, 'Main-Admin-Page': 'true' } });
      return response.status;
    },
    { method, path },
  );
}

test('the consoles show the right message for a missing item, a 409 and an image the server refuses', async ({ browser }) => {
  const page = await signedIn(browser, 'admin@demo.test');

  // A missing item: the 404 reads as such, not as a failure to load.
  await page.goto('/admin/news-items/details/987654');
  // The first visit loads remote-admin's code: a longer wait for it on a busy machine.
  await expect(page.getByText('This item does not exist or is not yours to manage.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // A draft of our own, to refuse an image on and to publish behind the form's back.
  const title = `Errors journey ${Date.now()}`;
  await page.goto('/admin/news-items/details');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/admin\/news-items\/details\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  // The form as a fresh visit shows it, once its one read has come back: a read still in flight
  // when the item is published behind its back would show it published, and lock the form.
  await page.reload();
  const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleField).toHaveValue(title, { timeout: 30_000 });
  await expect(titleField).toBeEditable();

  // Published meanwhile (another tab, another administrator): saving the edit answers 409.
  expect(await apiCall(page, 'PUT', `/api/admin/news-items/${id}/publish`)).toBe(200);
  await titleField.fill(`${title} edited`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This item is published: change it to draft to edit it.')).toBeVisible();

  // An upload the server refuses (the bytes are not an image): the server's words, under the picker.
  await page.getByLabel('Banner: file to upload').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are notes, not a picture.'),
  });
  await expect(page.getByText('Only jpeg, png, gif and webp images are accepted')).toBeVisible();

  await page.context().close();
});
