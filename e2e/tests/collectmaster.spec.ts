import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { callFilesApi, signIn, type DemoAccount } from './test-support/session';

async function signedIn(browser: Browser, email: DemoAccount) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation), so progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

const MB = 1024 * 1024;
const csv = (size: number) => Buffer.alloc(size, 'id;amount\n1;2\n');

/** The customer's way to a folder: Collectmaster lands on his company, then the collection, then the folder. */
async function openFolder(page: Page, project: string, folder: string) {
  await page.getByRole('link', { name: 'Collectmaster' }).first().click();
  await page.waitForURL(/\/collectmaster\/northwind-traders$/);
  await page.getByRole('list', { name: 'Collections' }).getByRole('link', { name: project }).click();
  await page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: folder }).click();
  return page.getByRole('table', { name: `Files of ${folder}` });
}

/**
 * Asks Northwind, as the consultant, for a new file in "Sales dashboard 2026" / "Monthly sales"
 * (POST /api/v2/folder/{id}/files): a missing slot of the journey's own, so that a retry of the
 * journey on the same portal finds its slot missing again, whatever the first try did.
 */
async function requestFile(consultant: Page, name: string) {
  const collections = await callFilesApi(consultant, 'GET', '/entity/northwind-traders/collections');
  expect(collections.status, 'the collections').toBe(200);
  const collection = (collections.json as { items: Array<{ id: number; project: string }> }).items.find(
    (item) => item.project === 'Sales dashboard 2026',
  )!;
  const folders = await callFilesApi(consultant, 'GET', `/collection/${collection.id}/folders`);
  expect(folders.status, 'the folders').toBe(200);
  const folder = (folders.json as { items: Array<{ id: number; name: string }> }).items.find((item) => item.name === 'Monthly sales')!;
  const created = await callFilesApi(consultant, 'POST', `/folder/${folder.id}/files`, {
    name,
    comment: 'April sales, as exported from the ERP.',
  });
  expect(created.status, `the consultant asks for ${name}`).toBe(201);
}

test.describe('collectmaster, the file exchange', () => {
  test('a customer fills a missing file with 20 MB and watches it go; it shows on /home; the consultant marks it ok and the customer sees it live; another company cannot reach it', async ({
    browser,
  }) => {
    // Three people, five accessibility checks and a 20 MB upload: past the default bound on two
    // cores busy with the API suites (`npm test`), and more on a slower machine.
    test.setTimeout(300_000);
    // The consultant asks for a file of the journey's own, then waits on /home: his navigation
    // counts the files to review, and follows them live.
    const consultant = await signedIn(browser, 'consultant@demo.test');
    const fileName = `sales-april-${Date.now()}.csv`;
    await requestFile(consultant, fileName);

    const nina = await signedIn(browser, 'user@northwind.test');
    const table = await openFolder(nina, 'Sales dashboard 2026', 'Monthly sales');
    const rowName = new RegExp(`^${fileName.replace(/\./g, '\\.')}`);
    const row = table.getByRole('row', { name: rowName });
    await expect(row).toContainText('missing');
    await expect(nina.getByRole('navigation', { name: 'Where you are' }).getByRole('link', { name: 'Northwind Traders' })).toBeVisible();
    await expectAccessible(nina, 'a folder at 1280 px');
    const folderUrl = nina.url();

    // The body is read as the answer arrives: an answer to the page before the reload has none by the time it would be read.
    let before = 0;
    const counted = consultant.waitForResponse(async (response) => {
      if (!response.url().endsWith('/api/v2/counters') || !response.ok()) return false;
      try {
        before = ((await response.json()) as { uploaded: number }).uploaded;
        return true;
      } catch {
        return false;
      }
    });
    await consultant.reload();
    await counted;
    const toReview = (count: number) =>
      count > 0 ? `Collectmaster, ${count} ${count === 1 ? 'file' : 'files'} to review` : 'Collectmaster';
    const consultantNav = consultant.getByRole('navigation', { name: 'Menu', exact: true }).getByRole('link', { name: /^Collectmaster/ });

    // 20 MB at 8 MB/s: long enough to see the bar move.
    await throttleUploads(nina, 8 * MB);
    const chooser = nina.waitForEvent('filechooser');
    await row.getByRole('button', { name: `Upload this file: ${fileName}` }).click();
    await (await chooser).setFiles({ name: 'april-export.csv', mimeType: 'text/csv', buffer: csv(20 * MB) });
    const uploads = nina.getByRole('region', { name: 'Uploads' });
    const bar = uploads.getByRole('progressbar', { name: 'april-export.csv' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(uploads.getByText(/of 20 MB/)).toBeVisible();
    await expect(uploads.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('uploaded');
    await expect(consultantNav).toHaveAccessibleName(toReview(before + 1), { timeout: 15_000 });

    // The home page's widget lists it first.
    await nina.getByRole('link', { name: 'Home' }).first().click();
    const widget = nina.getByRole('region', { name: 'Latest files' });
    await expect(widget.getByRole('listitem').first()).toContainText(fileName);
    await expect(widget.getByRole('listitem').first()).toContainText('uploaded');
    await widget.getByRole('link', { name: fileName }).first().click();
    await nina.waitForURL(folderUrl);
    await expect(row).toContainText('uploaded');

    // The consultant marks it ok; the customer's table changes without a reload.
    await consultant.goto(folderUrl);
    await consultant
      .getByRole('row', { name: rowName })
      .getByRole('button', { name: `More actions for ${fileName}` })
      .click();
    await consultant.getByRole('menuitem', { name: 'Mark ok' }).click();
    await expect(consultant.getByText('Status updated.')).toBeVisible();
    await expect(row.getByText('ok', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(nina.getByText(`${fileName} is now ok.`)).toBeVisible();
    await expect(consultantNav).toHaveAccessibleName(toReview(before));
    await consultant.context().close();

    // Another company's user cannot reach it by its address.
    const carl = await signedIn(browser, 'user@contoso.test');
    await carl.goto(folderUrl);
    await expect(carl.getByText('This folder does not exist or is not yours.')).toBeVisible();
    await expect(carl.getByRole('table')).toHaveCount(0);
    await expect(carl.getByText(fileName)).toHaveCount(0);
    await carl.context().close();

    // At phone width, and in French.
    await nina.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(nina);
    await expectAccessible(nina, 'a folder at 375 px');
    await nina.evaluate(() => localStorage.setItem('language', 'fr'));
    await nina.reload();
    await expect(nina.getByRole('table', { name: 'Fichiers de Monthly sales' }).getByRole('row', { name: rowName })).toContainText('ok');
    await expectNoHorizontalOverflow(nina);
    await expectAccessible(nina, 'a folder at 375 px in French');
    await nina.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(nina, 'a folder at 1280 px in French');
    await nina.context().close();
  });

  test('an upload cut by a lost connection resumes from the last byte when the connection returns', async ({ browser }) => {
    // 20 MB at 2 MB/s with a pause offline: about 15 s of upload on top of the sign-in (the default
    // bound of playwright.config.ts holds it).
    const nina = await signedIn(browser, 'user@northwind.test');
    await openFolder(nina, 'Sales dashboard 2026', 'Monthly sales');
    const name = `offline-${Date.now()}.csv`;
    const offsets: number[] = [];
    nina.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/v2/uploads/'))
        offsets.push(Number(request.headers()['upload-offset']));
    });

    await throttleUploads(nina, 2 * MB);
    const chooser = nina.waitForEvent('filechooser');
    await nina.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: csv(20 * MB) });
    const uploads = nina.getByRole('region', { name: 'Uploads' });
    const bar = uploads.getByRole('progressbar', { name });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);

    await nina.context().setOffline(true);
    await expect(uploads.getByText('Waiting for the connection: it resumes by itself')).toBeVisible();
    await nina.waitForTimeout(1000);
    await nina.context().setOffline(false);
    await expect(uploads.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The second PATCH started where the server had stopped, not at 0.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets[offsets.length - 1]).toBeGreaterThan(0);
    const row = nina
      .getByRole('table', { name: 'Files of Monthly sales' })
      .getByRole('row', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
    await expect(row).toContainText('uploaded');
    const size = await nina.evaluate(async (fileName) => {
      const token = localStorage.getItem('hub.token.files');
      const folderId = location.pathname.split('/').pop();
      const answer = await fetch(`/api/v2/folder/${folderId}/files?page_size=100`, { headers: { Authorization: `Bearer ${token}` } });
      const { items } = (await answer.json()) as { items: { name_original: string; size: number }[] };
      return items.find((item) => item.name_original === fileName)?.size;
    }, name);
    expect(size).toBe(20 * MB);
    await nina.context().close();
  });
});
