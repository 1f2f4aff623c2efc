import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './test-support/checks';
import { signedIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

/** Pastes HTML into the focused rich-text editor, as a browser does from the clipboard. */
async function pasteHtml(page: Page, html: string) {
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await editor.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/html', text);
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

async function advicesTitles(page: Page): Promise<string[]> {
  await page.goto('/advices');
  const list = page.getByRole('list', { name: 'Advices', exact: true });
  const empty = page.getByText('No advice for you yet.');
  await expect(list.or(empty)).toBeVisible();
  return (await list.count()) ? list.getByRole('heading').allTextContents() : [];
}

test.describe('the content consoles', () => {
  test('journey 1: a contributor writes an advice for one user with a script and a javascript: link, publishes it, then withdraws it', async ({
    browser,
  }) => {
    const title = `Personal advice ${Date.now()}`;
    const contributor = await signedIn(browser, 'contributor@northwind.test');
    await contributor.goto('/entity/admin/advices');
    await expect(contributor.getByRole('table', { name: 'Advices' })).toBeVisible();
    await expectAccessible(contributor, 'advices list at 1280 px');

    await contributor.getByRole('button', { name: 'New advice' }).click();
    await expect(contributor.getByRole('heading', { level: 1, name: 'New advice' })).toBeVisible();
    await contributor.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await pasteHtml(
      contributor,
      '<p>Read <a href="javascript:alert(document.cookie)">this</a> and <a href="https://example.test/guide">the guide</a>.</p><script>window.hacked = true</script>',
    );
    await expect(contributor.getByRole('combobox', { name: 'Audience' })).toHaveValue('user');
    await contributor.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(contributor, 'The advice was created successfully !');
    await contributor.waitForURL(/\/entity\/admin\/advices\/details\/\d+$/);

    await contributor.getByRole('searchbox', { name: 'Search by name or email' }).fill('user@northwind');
    const notAssociated = contributor.getByRole('listbox', { name: 'Not associated users' });
    await notAssociated.getByRole('option', { name: /Nina North .*>$/ }).click();
    await expect(
      contributor.getByRole('listbox', { name: 'Associated users' }).getByRole('option', { name: /^< Nina North/ }),
    ).toBeVisible();
    await expectAccessible(contributor, 'advice details at 1280 px');

    await contributor.getByRole('button', { name: 'Publish' }).click();
    await expect(contributor.getByText('status updated')).toBeVisible();
    await expect(contributor.getByText('This item is published: change it to draft to edit it.')).toBeVisible();
    await expect(contributor.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();

    const nina = await signedIn(browser, 'user@northwind.test');
    expect(await advicesTitles(nina)).toContain(title);
    await nina.getByRole('link', { name: title }).click();
    await expect(nina.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(nina.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.test/guide');
    expect(await nina.locator('main a[href^="javascript:"], main script').count()).toBe(0);
    expect(await nina.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

    const contoso = await signedIn(browser, 'user@contoso.test');
    expect(await advicesTitles(contoso)).not.toContain(title);
    await contoso.context().close();

    await contributor.getByRole('button', { name: 'Change to Draft' }).click();
    await expect(contributor.getByRole('button', { name: 'Publish' })).toBeVisible();
    expect(await advicesTitles(nina)).not.toContain(title);
    await nina.context().close();
    await contributor.context().close();
  });

  test('journey 4: a description of 10,000 characters is refused with the toast and nothing is saved, at 375 px in French too', async ({
    browser,
  }) => {
    const title = `Too long ${Date.now()}`;
    const page = await signedIn(browser, 'contributor@northwind.test', 375);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/advices')) posts.push(request.url());
    });
    await page.goto('/entity/admin/advices/details');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await pasteHtml(page, `<p>${'x'.repeat(9993)}</p>`);
    await expect(page.getByText('10000/9999 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Description is too long ! (10000/9999)')).toBeVisible();
    expect(posts).toEqual([]);
    await expectAccessible(page, 'advice details at 375 px');

    // Leaving the unsaved form asks first: stay once, then leave.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: '← Advices' }).click();
    await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    await expect(page).toHaveURL(/\/entity\/admin\/advices\/details$/);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: '← Advices' }).click();
    await expect(page).toHaveURL(/\/entity\/admin\/advices$/);
    await expect(page.getByRole('table', { name: 'Advices' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expectAccessible(page, 'advices list at 375 px');

    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/entity/admin/advices');
    await expect(page.getByRole('heading', { level: 1, name: 'Conseils' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Conseils' })).toBeVisible();
    await expectAccessible(page, 'advices list at 375 px in French');
    await page.context().close();
  });
});
