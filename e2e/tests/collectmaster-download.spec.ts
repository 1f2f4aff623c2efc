import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './test-support/session';

test.describe('collectmaster downloads', () => {
  test('a customer downloads a file and the folder as a zip by address: the browser saves them, the page stays', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.getByRole('link', { name: 'Collectmaster' }).first().click();
    await page.waitForURL(/\/collectmaster\/northwind-traders$/);
    await page.getByRole('list', { name: 'Collections' }).getByRole('link', { name: 'Sales dashboard 2026' }).click();
    await page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: 'Monthly sales' }).click();
    const table = page.getByRole('table', { name: 'Files of Monthly sales' });
    const folderUrl = page.url();

    const fileDownload = page.waitForEvent('download');
    await table
      .getByRole('row', { name: /^sales-2026-01\.csv/ })
      .getByRole('button', { name: /^Download/ })
      .click();
    const file = await fileDownload;
    expect(file.suggestedFilename()).toBe('sales-2026-01.csv');
    expect(new URL(file.url()).searchParams.get('ticket')).toBeTruthy();
    expect((await readFile((await file.path())!)).length).toBeGreaterThan(0);
    expect(page.url()).toBe(folderUrl);

    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the folder (zip)' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toBe('Monthly sales.zip');
    expect((await readFile((await zip.path())!)).readUInt32LE(0)).toBe(0x04034b50);
    expect(page.url()).toBe(folderUrl);
    await expect(table).toBeVisible();
  });
});
