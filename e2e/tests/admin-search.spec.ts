import { expect, test } from '@playwright/test';
import { expectAccessible } from './test-support/checks';
import { callApi, signedIn } from './test-support/session';

// An advice of Northwind for a moment: created and removed again by this journey (named admin-* so
// that it runs after the journeys that read Northwind's advices).
test.describe('search', () => {
  test('an advice published a moment ago is found in the palette in French, with and without accents and with a typo, and opened by keyboard', async ({
    browser,
  }) => {
    const title = `Clôture du trimestre ${Date.now()}`;
    const page = await signedIn(browser, 'publisher@demo.test');
    const created = await callApi(page, 'POST', '/admin/advices', {
      title,
      description: '<p>Les écritures de <strong>rapprochement</strong> bancaire sont réconciliées chaque trimestre.</p>',
      audience_type: 'multi_users',
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    expect((await callApi(page, 'PUT', `/admin/advices/${id}/publish`)).status).toBe(200);

    try {
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Search the portal' });
      await expect(palette).toBeVisible();
      const input = palette.getByRole('combobox', { name: 'Search' });
      await expect(input).toBeFocused();
      const hit = palette.getByRole('option', { name: new RegExp(title) });

      for (const words of ['réconciliées', 'reconciliees', 'raprochement bancaire']) {
        await input.fill(words);
        await expect(hit).toBeVisible();
        await expect(palette.getByRole('status')).toContainText(/\d+ results?/);
      }
      await expect(hit.locator('mark').first()).toBeVisible();
      await expectAccessible(page, 'search palette');

      // Keyboard alone: down to the advice, Enter.
      for (let step = 0; step < 20 && (await hit.getAttribute('aria-selected')) !== 'true'; step += 1) await input.press('ArrowDown');
      await expect(hit).toHaveAttribute('aria-selected', 'true');
      await input.press('Enter');
      await page.waitForURL(`**/advices/details/${id}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(palette).toBeHidden();

      // Escape closes the palette; the recent search is offered next time.
      await page.keyboard.press('Control+k');
      await expect(palette.getByRole('option', { name: 'raprochement bancaire' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
    } finally {
      expect((await callApi(page, 'DELETE', `/admin/advices/${id}`)).status).toBe(204);
    }
  });
});
