import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './test-support/checks';
import { callApi, signedIn } from './test-support/session';

// Runs with the consoles (admin-*), after the customer journeys: opening the notification reads
// the customer's discussion, which the contact journey expects unread.

/** A call to the hub API with the page's own token: its answer. */
const api = async <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
  (await callApi(page, method, path, body)).json as T;

const unread = async (page: Page) => (await api<{ unread: number }>(page, 'GET', '/notifications/count')).unread;

test.describe('the notification centre', () => {
  test('should count a consultant’s reply on the customer’s open page without a reload, and open it from the panel, marking it read', async ({
    browser,
  }) => {
    const customer = await signedIn(browser, 'user@northwind.test');
    const consultant = await signedIn(browser, 'consultant@demo.test');
    const before = await unread(customer);
    const bell = customer.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();

    // The consultant replies in the customer's open discussion, through the API.
    const [discussion] = (
      await api<{ items: { id: number; customer: { email: string } | null }[] }>(consultant, 'GET', '/discussions')
    ).items.filter((item) => item.customer?.email === 'user@northwind.test');
    expect(discussion).toBeTruthy();
    await api(consultant, 'POST', '/discussions', { discussion_id: discussion!.id, message: 'Your report is fixed.' });

    // The customer's bell, on the page already open, counts it.
    const counted = before + 1;
    await expect(
      customer.getByRole('button', { name: `Notifications, ${counted} unread notification${counted === 1 ? '' : 's'}` }),
    ).toBeVisible();

    await bell.click();
    const panel = customer.getByRole('dialog', { name: 'Latest notifications' });
    const item = panel.getByRole('link', { name: /Colin Consultant replied to you/ }).first();
    await expect(item).toBeVisible();
    await expectAccessible(customer, 'notification panel');
    await item.click();
    await customer.waitForURL('**/contact');
    await expect.poll(() => unread(customer)).toBe(before);
    await expect(customer.getByRole('button', { name: before === 0 ? 'Notifications' : /^Notifications, / })).toBeVisible();
    const [latest] = (await api<{ items: { event: string; read_at: string | null }[] }>(customer, 'GET', '/notifications?page_size=1'))
      .items;
    expect([latest?.event, latest?.read_at === null]).toEqual(['discussion.reply', false]);
  });
});
