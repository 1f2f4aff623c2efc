import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './test-support/session';

/** No serious or critical accessibility violation on the page as it is now (the report's own page aside). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).exclude('[data-testid="dashboard-frame"]').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect([screen, serious]).toEqual([screen, []]);
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Unstars every favourite of the signed-in person, through the API with the page's own token. */
async function clearFavourites(page: Page) {
  const left = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('hub.token.api')}` };
    const list = (await (await fetch('/api/dashboards', { headers })).json()) as {
      items: { id: number; favourite: boolean }[];
    };
    for (const { id } of list.items.filter((item) => item.favourite))
      await fetch(`/api/dashboards/${id}/favourite`, { method: 'DELETE', headers });
    const again = (await (await fetch('/api/dashboards', { headers })).json()) as typeof list;
    return again.items.filter((item) => item.favourite).length;
  });
  expect(left).toBe(0);
}

test.describe('dashboards: reports that show, how fresh, favourites, a question', () => {
  // Two sign-ins and several accessibility checks per test, on a shared machine.
  test.setTimeout(180_000);

  test('should show the demo report in its frame once revealed, and say how fresh each report is, in both languages', async ({ page }) => {
    await signIn(page, 'user@contoso.test');
    await page.goto('/dashboards');
    // Read from the stand-in's refresh history soon after start: finance failed this morning, projects refreshed.
    await expect(card(page, 'Contoso finance cockpit').getByText(/The last data refresh failed/)).toBeVisible({ timeout: 30_000 });
    await expect(card(page, 'Contoso project portfolio').getByText(/^Data as of /)).toBeVisible();
    await expect(card(page, 'Contoso project portfolio').getByText(/failed|a while/)).toHaveCount(0);
    await expectAccessible(page, '/dashboards');

    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.reload();
    await expect(card(page, 'Contoso finance cockpit').getByText(/La dernière mise à jour des données a échoué/)).toBeVisible();
    await expect(card(page, 'Contoso project portfolio').getByText(/^Données au /)).toBeVisible();
    await expectAccessible(page, '/dashboards in French');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('list', { name: 'Dashboards' }).waitFor();

    // The reveal counter runs on the browser's clock, moved by the test.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('link', { name: 'Contoso project portfolio' }).click();
    const frame = page.locator('iframe[data-testid="dashboard-frame"]');
    await expect(frame).toHaveAttribute('src', /\/dev-report-server\//);
    await expect(frame).toBeHidden();
    await page.clock.runFor(7_000);
    await expect(frame).toBeVisible();
    await page.clock.resume();
    // Inside the frame: the report itself, not the browser's error page.
    const report = page.frameLocator('[data-testid="dashboard-frame"]');
    await expect(report.getByRole('heading', { level: 1, name: 'Contoso project portfolio' })).toBeVisible();
    await expect(report.getByRole('img', { name: 'Projects by status' })).toBeVisible();
    await expect(report.getByRole('table')).toBeVisible();
    await expectAccessible(page, '/dashboards/:id');
  });

  test('should say stale for an old report, keep a favourite for a new session, show it on home, and send a question the consultant follows', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'user@northwind.test');
    // Start from no favourite, as seeded, even on a retry after a failure that left one starred.
    await clearFavourites(page);
    await page.reload();
    // No favourite yet: the home widget invites to star one.
    const widget = page.getByRole('region', { name: 'My favourite dashboards' });
    await expect(widget.getByText('Star a dashboard to find it here.')).toBeVisible();

    await page.goto('/dashboards');
    await expect(card(page, 'Northwind stock levels').getByText('These figures have not been refreshed for a while.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(card(page, 'Northwind sales overview').getByText(/^Data as of /)).toBeVisible();

    const star = page.getByRole('button', { name: 'Add Northwind stock levels to my favourites' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(page.getByRole('button', { name: 'Remove Northwind stock levels from my favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('list', { name: 'Dashboards' }).getByRole('heading', { level: 2 }).first()).toHaveText(
      'Northwind stock levels',
    );
    await expectAccessible(page, '/dashboards with a favourite');

    // A new session, as on another device (no cookie, no stored token, the provider's session gone
    // too; signing out itself is the sign-in journey's): the favourite is kept by the server.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page, 'user@northwind.test');
    await expect(widget.getByRole('link', { name: 'Northwind stock levels' })).toBeVisible();
    await expectAccessible(page, '/home with a favourite');

    await widget.getByRole('link', { name: 'Northwind stock levels' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind stock levels' })).toBeVisible();
    const id = new URL(page.url()).pathname.split('/').at(-1);
    await page.getByRole('button', { name: 'Ask my consultant' }).click();
    // To her open discussion's form, or, once the discussions journey has closed it, to the
    // first-message form on home: the draft is the same.
    await page.waitForURL(/\/(contact|home)\?/);
    const box = page.getByRole('textbox', { name: /message/i });
    await expect(box).toHaveValue(/question about the dashboard "Northwind stock levels"/);
    await expect(box).toHaveValue(new RegExp(`/dashboards/${id}\\)`));
    // Nothing is sent until the person sends it.
    await expect(page.getByText('Message sent')).toHaveCount(0);
    await box.fill(`${await box.inputValue()}Why is this report a week old?`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Sent from home (a first message) or from her open discussion: /contact shows it either way.
    await expect(page).toHaveURL(/\/contact(\?|$)/);
    await expect(page.getByRole('log').getByRole('article').filter({ hasText: 'Why is this report a week old?' })).toBeVisible();
    // Leave the demo data as seeded for the journeys that follow.
    await clearFavourites(page);

    // The consultant finds the question in his list and opens the dashboard from its link.
    const consultantContext = await browser.newContext();
    const consultant = await consultantContext.newPage();
    await signIn(consultant, 'consultant@demo.test');
    await consultant.goto('/contact');
    await consultant
      .getByRole('list', { name: 'My customers' })
      .getByRole('button', { name: /Nina North/ })
      .click();
    const question = consultant.getByRole('log').getByRole('article').filter({ hasText: 'Why is this report a week old?' });
    await expect(question).toContainText('Northwind stock levels');
    await question.getByRole('link', { name: new RegExp(`/dashboards/${id}$`) }).click();
    await expect(consultant.getByRole('heading', { level: 1, name: 'Northwind stock levels' })).toBeVisible();
    await expect(consultant.locator('iframe[data-testid="dashboard-frame"]')).toHaveAttribute('src', /\/dev-report-server\//);
    await consultantContext.close();
  });
});
