import { expect, test, type Page } from '@playwright/test';
import { signIn } from './test-support/session';

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

test.describe('remotes loaded by role', () => {
  test('should never request any file of remote-admin for a plain user', async ({ page }) => {
    const requests = recordRequests(page);
    await signIn(page, 'user@northwind.test');
    await expect(page.getByRole('navigation', { name: 'Menu' }).first().getByRole('link')).not.toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Administration' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Entity administration' })).toHaveCount(0);
    // Each page is waited for by what it shows once its remote is mounted; the consoles are
    // refused by the guard, which sends the user home.
    const pages: [string, RegExp, string | RegExp][] = [
      ['/advices', /\/advices$/, 'Advices'],
      ['/dashboards', /\/dashboards$/, 'Dashboards'],
      // A customer lands on his own company's collections.
      ['/collectmaster', /\/collectmaster\/northwind-traders$/, 'Northwind Traders'],
      ['/admin', /\/home$/, /Welcome/],
      ['/entity/admin/advices', /\/home$/, /Welcome/],
    ];
    for (const [path, landing, heading] of pages) {
      await page.goto(path);
      await expect(page).toHaveURL(landing);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
    expect(requests.some((path) => path.startsWith('/remotes/content/'))).toBe(true);
    expect(requests.filter((path) => path.startsWith('/remotes/admin/'))).toEqual([]);
  });

  test('should let the administrator reach /admin, loading remote-admin', async ({ page }) => {
    const requests = recordRequests(page);
    await signIn(page, 'admin@demo.test');
    await page.getByRole('group', { name: 'Administration' }).first().getByRole('link', { name: 'News items' }).click();
    await page.waitForURL('**/admin/news-items');
    await expect(page.getByRole('heading', { name: 'News items', level: 1 })).toBeVisible();
    expect(requests.some((path) => path.startsWith('/remotes/admin/'))).toBe(true);
  });

  test("should show a user their entity's published advices from the database, and not another entity's", async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.getByRole('link', { name: 'Advices' }).first().click();
    await page.waitForURL('**/advices');
    const titles = await page.evaluate(async () => {
      const token = localStorage.getItem('hub.token.api');
      const answer = await fetch('/api/advices', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
      return answer.items.map((advice: { title: string }) => advice.title) as string[];
    });
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByText(/Contoso/)).toHaveCount(0);
  });

  test('should keep shell and remote on the same route through links, back and forward', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.getByRole('link', { name: 'Advices' }).first().click();
    await page.waitForURL('**/advices');
    await expect(page.getByRole('heading', { name: 'Advices' })).toBeVisible();
    await page.getByRole('link', { name: 'News' }).first().click();
    await page.waitForURL('**/news-items');
    await page.goBack();
    await page.waitForURL('**/advices');
    await expect(page.getByRole('heading', { name: 'Advices' })).toBeVisible();
    await page.goBack();
    await page.waitForURL('**/home');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await page.goForward();
    await page.waitForURL('**/advices');
    await expect(page.getByRole('heading', { name: 'Advices' })).toBeVisible();
  });

  test('should show the section as unavailable when remote-content cannot be reached, and keep /home working', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.route('**/remotes/content/**', (route) => route.abort('connectionrefused'));
    await page.goto('/advices');
    await expect(page.getByRole('alert')).toContainText('This section is unavailable');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();

    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL('**/home');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    // The home page's two widgets come from remote-content too: each fails in its own cell, with
    // its own alert and Retry, and the page around them keeps working.
    const widgets = page.getByRole('region', { name: 'At a glance' });
    await expect(widgets.getByRole('alert')).toHaveCount(2);
    await expect(widgets.getByRole('alert').first()).toContainText('This section is unavailable');

    // Once the remote is reachable again, Retry loads it for real. The link changes the URL before
    // the new page is drawn: wait until /home (and its two alerts) has gone before counting alerts.
    await page.getByRole('link', { name: 'Advices' }).first().click();
    await page.waitForURL('**/advices');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('alert')).toContainText('This section is unavailable');
    await page.unroute('**/remotes/content/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Advices' })).toBeVisible();
  });
});

test.describe('a returning visit', () => {
  /** The emotion rules on the page: those compiled and inserted by this load, and those put back. */
  const ruleCounts = (page: Page) =>
    page.evaluate(() => {
      const count = (selector: string) =>
        Array.from(document.querySelectorAll<HTMLStyleElement>(selector)).reduce(
          (sum, element) => sum + (element.sheet?.cssRules.length ?? 0),
          0,
        );
      return { inserted: count('style[data-emotion]:not([data-hub-stored])'), restored: count('style[data-hub-stored]') };
    });
  /** What the shell's frame and a remote's heading look like, element by element. */
  const looks = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('header *, nav a, main h1')).map((element) => {
        const style = getComputedStyle(element);
        return [element.tagName, style.color, style.backgroundColor, style.fontSize, style.padding, style.borderWidth, style.display].join(
          ' ',
        );
      }),
    );

  test('should put back the component styles of the visit before, compile almost none again, and look the same', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.goto('/advices');
    await expect(page.getByRole('heading', { name: 'Advices', level: 1 })).toBeVisible();
    // Signing in showed /home: some of the shell's styles may be kept already.
    const first = await ruleCounts(page);
    const firstLooks = await looks(page);
    expect(first.inserted + first.restored).toBeGreaterThan(20);
    // Leaving the page keeps what the shell and the remote inserted (layout/style-store.ts).
    await page.goto('about:blank');
    await page.goto('/advices');
    await expect(page.getByRole('heading', { name: 'Advices', level: 1 })).toBeVisible();
    const second = await ruleCounts(page);
    expect(second.restored).toBeGreaterThanOrEqual(first.inserted + first.restored);
    // The shell's emotion and the content remote's own both skipped what was put back.
    expect(second.inserted).toBeLessThan((first.inserted + first.restored) / 10);
    expect(await looks(page)).toEqual(firstLooks);
  });
});
