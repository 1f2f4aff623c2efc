import { expect, test, type Page } from '@playwright/test';
import { callApi, signedIn } from './test-support/session';

// A browser opens at most six connections to one host over HTTP/1.1 (the portal's own address), and
// a live stream holds one while its page is open. Each tab used to open its own streams (the bell's,
// and for staff Collectmaster's count), so three staff tabs or six customer tabs took them all
// and every other call of every tab waited for ever. The tabs of a browser now share one stream per
// person (shared/src/api/event-stream.ts): this journey opens more tabs than that, and each works
// and hears the live count, also once the tab holding the stream is closed.

const CUSTOMER_PAGES = ['/advices', '/news-items', '/trainings', '/dashboards', '/tickets', '/collectmaster', '/profile'];
const STAFF_PAGES = ['/contact', '/collectmaster', '/dashboards', '/advices'];

/** Opens each path in a new tab of the page's browser context; each shows its title. */
async function openTabs(first: Page, paths: string[]): Promise<Page[]> {
  const tabs: Page[] = [];
  for (const path of paths) {
    const tab = await first.context().newPage();
    await tab.goto(path, { timeout: 30_000 });
    await expect(tab.getByRole('heading', { level: 1 }).first(), `${path} in tab ${tabs.length + 2}`).toBeVisible();
    tabs.push(tab);
  }
  return tabs;
}

const bellOf = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications, ${unread} unread notification${unread === 1 ? '' : 's'}` });

test('many tabs of one browser each load and hear the live count, also after the tab holding the stream closes', async ({ browser }) => {
  // Two people, twelve tabs, two live replies: several times a quiet machine's time in `npm test`.
  test.setTimeout(300_000);
  const customer = await signedIn(browser, 'user@northwind.test');
  const consultant = await signedIn(browser, 'consultant@demo.test');

  // Staff: the bell and Collectmaster's count in each of five tabs.
  const staffTabs = await openTabs(consultant, STAFF_PAGES);
  const customerTabs = [customer, ...(await openTabs(customer, CUSTOMER_PAGES))];
  // A call from the last tab still goes through.
  expect((await callApi(customerTabs.at(-1)!, 'GET', '/notifications/count')).status).toBe(200);

  const unread = ((await callApi(customer, 'GET', '/notifications/count')).json as { unread: number }).unread;
  const [discussion] = (
    (await callApi(consultant, 'GET', '/discussions')).json as { items: { id: number; customer: { email: string } | null }[] }
  ).items.filter((item) => item.customer?.email === 'user@northwind.test');
  expect(discussion).toBeTruthy();
  const reply = async (message: string) =>
    expect((await callApi(staffTabs.at(-1)!, 'POST', '/discussions', { discussion_id: discussion!.id, message })).status).toBe(201);

  // A reply: every tab's bell counts it, without a reload.
  await reply('Seen in every tab.');
  for (const tab of customerTabs) await expect(bellOf(tab, unread + 1), tab.url()).toBeVisible();

  // The first tab (the one that opened the stream first) closes: another takes the stream over.
  await customer.close();
  await reply('Still seen.');
  for (const tab of customerTabs.slice(1)) await expect(bellOf(tab, unread + 2), tab.url()).toBeVisible();

  await consultant.context().close();
  await customerTabs[1]!.context().close();
});
