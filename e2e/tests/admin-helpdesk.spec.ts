import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { signedIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

test.describe('the helpdesk console', () => {
  test('an administrator answers a customer’s ticket and sets it in progress; the customer sees both on /tickets', async ({ browser }) => {
    // A ticket of its own, so the journey holds whatever the other journeys changed.
    const title = `Export to PDF is blank ${Date.now()}`;
    const carl = await signedIn(browser, 'user@contoso.test');
    await carl.goto('/tickets');
    await carl.getByRole('textbox', { name: /^Title/ }).fill(title);
    await carl.getByRole('textbox', { name: 'Description' }).fill('Every page of the export is white.');
    await carl.getByRole('button', { name: 'Open the ticket' }).click();
    await expectSnackbar(carl, 'The ticket was created successfully !');

    const admin = await signedIn(browser, 'admin@demo.test');
    await admin.goto('/admin/tickets');
    const console = admin.getByRole('region', { name: 'Helpdesk tickets' });
    await console.getByRole('combobox', { name: 'Company' }).selectOption({ label: 'Contoso' });
    await console.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Open' });
    await expect(admin).toHaveURL(/status=open/);
    const table = admin.getByRole('table', { name: 'Helpdesk tickets' });
    await expect(table.getByRole('link', { name: title })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Sales report does not refresh' })).toHaveCount(0);
    await expectAccessible(admin, 'tickets list at 1280 px');

    await table.getByRole('link', { name: title }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Ticket: ${title}` })).toBeVisible();
    await expect(admin.getByText('Every page of the export is white.')).toBeVisible();
    await admin.getByRole('textbox', { name: /^Reply to the customer/ }).fill('Thank you, Carl: we reproduce it and are fixing it.');
    await admin.getByRole('button', { name: 'Send the reply' }).click();
    await expectSnackbar(admin, 'The reply was sent successfully !');
    await expect(admin.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveText(/we reproduce it/);
    await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In progress' });
    await admin.getByRole('button', { name: 'Change the status' }).click();
    await expect(admin.getByText('status updated')).toBeVisible();
    await expectAccessible(admin, 'ticket details at 1280 px');

    await admin.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(admin);
    await expectAccessible(admin, 'ticket details at 375 px');
    await admin.evaluate(() => localStorage.setItem('language', 'fr'));
    await admin.goto('/admin/tickets?status=in_progress');
    const french = admin.getByRole('table', { name: "Tickets d'assistance" });
    await expect(french.getByRole('link', { name: title })).toBeVisible();
    await expectNoHorizontalOverflow(admin);
    await expectAccessible(admin, 'tickets list at 375 px in French');
    await admin.context().close();

    // The customer sees the new status and the staff's reply.
    await carl.reload();
    const mine = carl.getByRole('list', { name: 'Helpdesk tickets' }).getByRole('listitem').filter({ hasText: title });
    await expect(mine).toContainText('In progress');
    await mine.getByRole('button', { name: 'Show the conversation (1 reply)' }).click();
    const conversation = carl.getByRole('list', { name: `Conversation about ${title}` });
    await expect(conversation).toContainText('Alice Admin, helpdesk team');
    await expect(conversation).toContainText('we reproduce it and are fixing it.');
    await expectAccessible(carl, '/tickets with a staff reply at 1280 px');
    await carl.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(carl);
    await expectAccessible(carl, '/tickets with a staff reply at 375 px');
    await carl.context().close();
  });
});
