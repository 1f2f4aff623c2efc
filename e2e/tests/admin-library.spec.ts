import { expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { signIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

/** A small solid-colour PNG, drawn here (CRC computed), so that the test carries no binary file. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the library consoles and the content journeys', () => {
  test('should let a publisher write a news item with a banner from the library, pin and publish it: it shows in the pinned news', async ({
    page,
  }) => {
    await signIn(page, 'publisher@demo.test');
    await page.goto('/admin/news-items/details');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Quarterly release webinar');
    await page.getByRole('group', { name: 'Banner' }).getByRole('button', { name: 'Choose from the library' }).click();
    const library = page.getByRole('dialog', { name: 'Banner: choose an image' });
    await library.getByRole('button', { name: 'Release banner' }).click();
    await expect(library).toBeHidden();
    await expect(page.getByRole('group', { name: 'Banner' }).getByRole('img', { name: 'Release banner' })).toBeVisible();
    await page.getByText('Pinned', { exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectSnackbar(page, 'The news item was created successfully !');
    await page.waitForURL(/\/admin\/news-items\/details\/\d+$/);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('status updated')).toBeVisible();

    await page.goto('/home');
    const pinned = page.getByRole('region', { name: 'Pinned news' });
    await expect(pinned.getByRole('link', { name: 'Quarterly release webinar' })).toBeVisible();
  });

  test('should let an administrator create a coloured category, and a dashboard only with an https address', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/admin/categories/details');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Security');
    const colour = page.getByRole('textbox', { name: 'Colour', exact: true });
    await expect(colour).toHaveValue('#999999');
    await colour.fill('#00897B');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectSnackbar(page, 'The category was created successfully !');
    await page.goto('/admin/categories');
    const row = page.getByRole('row').filter({ hasText: 'Security' });
    await expect(row).toContainText('#00897B');
    await expectAccessible(page, '/admin/categories');
    await page.goto('/admin/trainings');
    await expect(page.getByRole('link', { name: 'Advanced DAX' })).toBeVisible();
    await expectAccessible(page, '/admin/trainings');
    await page.goto('/admin/images');
    await expect(page.getByRole('region', { name: 'Logos' }).getByRole('img', { name: 'Contoso logo' })).toBeVisible();
    await expectAccessible(page, '/admin/images');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/admin/images (dark)');
    await page.goto('/admin/categories/details');
    await expectAccessible(page, '/admin/categories/details (dark)');

    await page.goto('/entity/admin/dashboard/details');
    const pick = page.getByRole('button', { name: 'Work on Northwind Traders' });
    const title = page.getByRole('textbox', { name: /^Title/ });
    await expect(pick.or(title)).toBeVisible();
    if (await pick.isVisible()) await pick.click();
    await title.fill('Security incidents');
    const url = page.getByRole('textbox', { name: /^Report address/ });
    await url.fill('http://reports.example.com/reports/powerbi/Northwind/Security');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Please enter a valid URL (https://)')).toBeVisible();
    await url.fill('https://reports.example.com/reports/powerbi/Northwind/Security');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectSnackbar(page, 'The dashboard was created successfully !');
  });

  test('should upload an image on a phone in French, and say how many items use a picture before deleting it', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await signIn(page, 'contributor@northwind.test');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/admin/images');
    await expect(page.getByRole('heading', { level: 1, name: "Bibliothèque d'images" })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type de la nouvelle image' }).selectOption('logo');
    await page.getByLabel('Fichier', { exact: true }).setInputFiles({ name: 'fabrikam.png', mimeType: 'image/png', buffer: png(240, 80) });
    await expect(page.getByText("L'image a été créée avec succès !")).toBeVisible();
    const logos = page.getByRole('region', { name: 'Logos' });
    await expect(logos.getByRole('img', { name: 'fabrikam.png' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, '/admin/images (phone, French)');

    // The seeded thumbnail of the data quality content is on advices and news items.
    await page.getByRole('button', { name: 'Supprimer Data quality thumbnail' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(/utilisée par [1-9]\d* conseil\(s\), [1-9]\d* actualité\(s\)/);
    await dialog.getByRole('button', { name: 'Non, annuler' }).click();

    await page.getByRole('button', { name: 'Supprimer fabrikam.png' }).click();
    await expect(dialog).toContainText("Aucun élément n'utilise cette image.");
    await dialog.getByRole('button', { name: 'Oui, supprimer' }).click();
    await expect(page.getByText("L'image a été supprimée avec succès !")).toBeVisible();
    await expect(logos.getByRole('img', { name: 'fabrikam.png' })).toHaveCount(0);
    await context.close();
  });
});
