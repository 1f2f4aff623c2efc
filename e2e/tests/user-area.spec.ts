import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { signIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

/** No serious or critical accessibility violation on the page as it is now (the report frame excluded: it is another site). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).exclude('[data-testid="dashboard-frame"]').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${(node.any[0]?.message ?? '').slice(0, 160)}`).join(' | ')}`,
    );
  expect([screen, serious]).toEqual([screen, []]);
}

/** A call to the hub API with the page's own token (the admin API for contributors' actions). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('hub.token.api');
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

const titlesOf = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('heading').allTextContents();

/** A 2×2 PNG, so the upload is a real image the server can read. */
function tinyPng(): Buffer {
  const crc = (buffer: Buffer) => {
    let c = ~0;
    for (const byte of buffer) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the user area', () => {
  test("should show Northwind's user their advices, news, trainings and dashboards, not Contoso's, each screen accessible", async ({
    page,
  }) => {
    await signIn(page, 'user@northwind.test');
    await expectAccessible(page, '/home');

    await page.getByRole('link', { name: 'Advices' }).first().click();
    await page.getByRole('list', { name: 'Advices' }).waitFor();
    const advices = await titlesOf(page, 'Advices');
    expect(advices[0]).toBe('Speed up your monthly sales report');
    expect(advices).toContain('Clean up duplicate customer records');
    expect(advices.some((title) => title.startsWith('Contoso'))).toBe(false);
    expect(advices.some((title) => title.startsWith('Draft'))).toBe(false);
    await expectAccessible(page, '/advices');

    await page.getByRole('link', { name: 'Speed up your monthly sales report' }).click();
    await expect(page).toHaveURL(/\/advices\/details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Speed up your monthly sales report' })).toBeVisible();
    await expect(page.getByText('Incremental refresh cuts the load time')).toBeVisible();
    await expectAccessible(page, '/advices/details');
    await page.goto('/advices/details/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Advice not found' })).toBeVisible();
    await page.goto('/advices/details/abc');
    await expect(page).toHaveURL(/\/advices$/);

    await page.getByRole('link', { name: 'News' }).first().click();
    await page.getByRole('list', { name: 'Pinned news' }).waitFor();
    expect(await titlesOf(page, 'Pinned news')).toEqual(['New connector for the report server']);
    const latest = await titlesOf(page, 'Latest news');
    expect(latest).toEqual(expect.arrayContaining(['Webinar replay available', 'Maintenance window next Sunday']));
    expect(latest.some((title) => title.startsWith('Draft'))).toBe(false);
    await expectAccessible(page, '/news-items');
    await page.getByRole('link', { name: 'New connector for the report server' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New connector for the report server' })).toBeVisible();
    await expectAccessible(page, '/news-items/details');

    await page.getByRole('link', { name: 'Trainings & webinars' }).first().click();
    await page.waitForURL('**/trainings');
    const upcoming = page.getByRole('list', { name: 'Upcoming events' }).getByRole('article');
    await expect(upcoming.first()).toBeVisible();
    expect(await upcoming.count()).toBeLessThanOrEqual(3);
    await expect(page.getByRole('heading', { name: 'Power BI basics' }).first()).toBeVisible();
    await expect(page.getByText(/Duration: 1h30min/).first()).toBeVisible();
    await expectAccessible(page, '/trainings');

    await page.getByRole('link', { name: 'Dashboards' }).first().click();
    await page.getByRole('list', { name: 'Dashboards' }).waitFor();
    const dashboards = await titlesOf(page, 'Dashboards');
    expect(dashboards.sort()).toEqual(['Northwind sales overview', 'Northwind stock levels']);
    await expectAccessible(page, '/dashboards');
    // The reveal counter (+15 a second, shown past 100) runs on the browser's clock, paused and
    // moved by the test: nothing waits for real seconds, and a busy machine cannot make it late.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('link', { name: 'Northwind sales overview' }).click();
    const frame = page.getByTitle('Northwind sales overview', { exact: true });
    // The development stand-in report server under the portal's origin, through its entrance.
    await expect(frame).toHaveAttribute(
      'src',
      /\/dev-report-server\/(entrance\?redirect=%2Fdev-report-server%2Freports%2Fpowerbi%2FNorthwind%2FSales|reports\/powerbi\/Northwind\/Sales)/,
    );
    await expect(frame).toBeHidden();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.clock.runFor(6_000);
    await expect(frame).toBeHidden(); // 90 after six seconds
    await page.clock.runFor(1_000);
    await expect(frame).toBeVisible(); // 105 after seven
    await page.clock.resume();
    await expectAccessible(page, '/dashboards/:id');
  });

  test('should show the home widgets of the content remote, each failing on its own without the page', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    const pinned = page.getByRole('region', { name: 'Pinned news' });
    const upcoming = page.getByRole('region', { name: 'Upcoming trainings' });
    await expect(pinned.getByRole('link', { name: 'New connector for the report server' })).toBeVisible();
    await expect(upcoming.getByRole('listitem').first()).toBeVisible();
    expect(await upcoming.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    await expect(upcoming.getByText('Power BI basics')).toBeVisible();
    await expectAccessible(page, '/home with its widgets');

    await pinned.getByRole('link', { name: 'New connector for the report server' }).click();
    await expect(page).toHaveURL(/\/news-items\/details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New connector for the report server' })).toBeVisible();

    // The widgets' code cannot be fetched: each says so in its own place, the welcome stays, Retry loads them.
    await page.route('**/remotes/content/__federation_expose_widgets*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nina North' })).toBeVisible();
    const unavailable = page.getByRole('alert').filter({ hasText: 'This section is unavailable' });
    await expect(unavailable).toHaveCount(2);
    await page.unroute('**/remotes/content/__federation_expose_widgets*');
    await unavailable.first().getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('region', { name: 'Pinned news' }).getByRole('link', { name: 'New connector for the report server' }),
    ).toBeVisible();
    await expect(unavailable).toHaveCount(1);
  });

  test("should show Contoso's user a different set", async ({ page }) => {
    await signIn(page, 'user@contoso.test');
    await page.getByRole('link', { name: 'Advices' }).first().click();
    await page.getByRole('list', { name: 'Advices' }).waitFor();
    const advices = await titlesOf(page, 'Advices');
    expect(advices[0]).toBe('Contoso: plan your budget forecast');
    expect(advices.every((title) => title.startsWith('Contoso'))).toBe(true);
    await page.getByRole('link', { name: 'Dashboards' }).first().click();
    await page.getByRole('list', { name: 'Dashboards' }).waitFor();
    expect((await titlesOf(page, 'Dashboards')).sort()).toEqual(['Contoso finance cockpit', 'Contoso project portfolio']);
  });

  test('should keep a draft made through the admin API invisible to users until it is published', async ({ browser }) => {
    const title = `E2E draft ${Date.now()}`;
    const contributor = await (await browser.newContext()).newPage();
    await signIn(contributor, 'contributor@northwind.test');
    const created = await api<{ id: number; status: number }>(contributor, 'POST', '/api/admin/advices', {
      title,
      subtitle: 'Made by the journey',
      description: '<p>Draft body</p>',
      audience_type: 'multi_users',
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe(0);

    const user = await (await browser.newContext()).newPage();
    await signIn(user, 'user@northwind.test');
    await user.getByRole('link', { name: 'Advices' }).first().click();
    await user.getByRole('list', { name: 'Advices' }).waitFor();
    expect(await titlesOf(user, 'Advices')).not.toContain(title);
    await user.goto(`/advices/details/${created.body.id}`);
    await expect(user.getByRole('heading', { level: 1, name: 'Advice not found' })).toBeVisible();

    expect((await api(contributor, 'PUT', `/api/admin/advices/${created.body.id}/publish`)).status).toBe(200);
    await user.goto('/advices');
    await user.getByRole('list', { name: 'Advices' }).waitFor();
    expect(await titlesOf(user, 'Advices')).toContain(title);
    await user.getByRole('link', { name: title }).click();
    await expect(user.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(user.getByText('Draft body')).toBeVisible();
  });

  test('should let a user upload, set and unset a profile image', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expect(page.getByText('Your consultant usually replies within 2 hours, 8am-8pm on weekdays.')).toBeVisible();
    await expectAccessible(page, '/profile');

    await page.getByLabel('Upload a new image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await expectSnackbar(page, 'Profile image edited !');
    await expect(page.getByRole('button', { name: 'Use me.png' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: 'Your profile image' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove my profile image' }).click();
    await expectSnackbar(page, 'Profile image unselected !');
    await expect(page.getByRole('button', { name: 'Use me.png' })).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('button', { name: 'Use me.png' }).click();
    await expectSnackbar(page, 'Profile image edited !');
    await page.getByRole('button', { name: 'Remove my profile image' }).click();
    await expectSnackbar(page, 'Profile image unselected !');
  });

  test('should work on a phone-width screen, in French, with the keyboard', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await signIn(page, 'user@northwind.test');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    for (const [path, heading] of [
      ['/home', 'Bienvenue, Nina North'],
      ['/advices', 'Conseils'],
      ['/news-items', 'Actualités'],
      ['/trainings', 'Formations et webinaires'],
      ['/dashboards', 'Tableaux de bord'],
      ['/help', 'Documentation utilisateur'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect([path, overflow]).toEqual([path, 0]);
      await expectAccessible(page, `${path} at 375 px in French`);
    }
    await page.goto('/advices');
    await page.getByRole('list', { name: 'Conseils' }).waitFor();
    const link = page.getByRole('link', { name: 'Speed up your monthly sales report' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Speed up your monthly sales report' })).toBeVisible();
    await context.close();
  });

  test('should open connection help signed out from the sign-in page, and signed in', async ({ page }) => {
    await page.goto('/help/connection');
    await expect(page.getByRole('heading', { level: 1, name: 'Connection help' })).toBeVisible();
    await expectAccessible(page, '/help/connection signed out');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'user@northwind.test');
    await page.goto('/help/connection');
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });
});
