import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './test-support/checks';
import { callApi, signIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

const api = callApi;

const thread = (page: Page) => page.getByRole('log');
const message = (page: Page, text: string) => thread(page).getByRole('article').filter({ hasText: text });

test.describe('discussions with the consultant', () => {
  test('should show the demo discussions, deliver messages live both ways, let the author alone edit and delete, and close with Send & Close', async ({
    browser,
  }) => {
    const userContext = await browser.newContext();
    const consultantContext = await browser.newContext();
    const user = await userContext.newPage();
    const consultant = await consultantContext.newPage();

    // The demo data gives Nina an open discussion, whose last message (the consultant's reply)
    // waits unread, and a closed one: the navigation offers both, with the pending count.
    await signIn(user, 'user@northwind.test');
    const myConsultant = user.getByRole('link', { name: /My consultant/ }).first();
    await expect(myConsultant).toContainText('1');
    await expect(user.getByRole('link', { name: 'Closed discussions' }).first()).toBeVisible();
    await user.getByRole('button', { name: 'Go to my discussion' }).click();
    await user.waitForURL('**/contact');
    await expect(message(user, 'since Monday the monthly sales report takes several minutes')).toBeVisible();
    await expect(message(user, 'Nothing is broken: the sales dataset')).toBeVisible();
    await expect(user.getByText('Colin usually replies within 4 business hours.')).toBeVisible();
    // Opening the discussion reads the reply: the badge leaves the navigation without a reload.
    await expect(myConsultant).not.toContainText('1');

    const composer = user.getByRole('textbox', { name: 'Your message' });
    await composer.fill('Yes please, set it up.');
    await composer.press('Enter');
    await expectSnackbar(user, 'Message sent !');
    await expect(message(user, 'Yes please, set it up.')).toBeVisible();

    await signIn(consultant, 'consultant@demo.test');
    await consultant.getByRole('link', { name: 'My consultant' }).first().click();
    await consultant.waitForURL('**/contact');
    await expect(message(consultant, 'Yes please, set it up.')).toBeVisible();
    await expect(message(consultant, 'Nothing is broken: the sales dataset')).toBeVisible();

    // The user writes: it arrives at the consultant's without a reload.
    await composer.fill('It takes five minutes to open.');
    await composer.press('Enter');
    await expectSnackbar(user, 'Message sent !');
    await expect(message(consultant, 'It takes five minutes to open.')).toBeVisible();

    // The consultant replies: it arrives at the user's without a reload.
    const reply = consultant.getByRole('textbox', { name: 'Your message' });
    await reply.fill('I am looking into it.');
    await reply.press('Enter');
    await expect(message(user, 'I am looking into it.')).toBeVisible();

    // The user edits their own message; the consultant sees the change.
    await message(user, 'It takes five minutes to open.').getByRole('button', { name: 'Edit' }).click();
    const editor = user.getByRole('textbox', { name: 'Edit your message' });
    await editor.fill('It takes ten minutes to open.');
    await editor.press('Enter');
    await expectSnackbar(user, 'Message modified !');
    await expect(message(user, 'It takes ten minutes to open.')).toContainText('edited');
    await expect(message(consultant, 'It takes ten minutes to open.')).toBeVisible();

    // No controls on the consultant's messages, and the API refuses both changes.
    await expect(message(user, 'I am looking into it.').getByRole('button')).toHaveCount(0);
    await expect(message(user, 'Nothing is broken: the sales dataset').getByRole('button')).toHaveCount(0);
    const discussions = (await api(user, 'GET', '/discussions')).json as { items: { id: number }[] };
    expect(discussions.items).toHaveLength(1);
    const messages = (await api(user, 'GET', `/discussions/${discussions.items[0]!.id}/messages`)).json as {
      messages: { id: number; message: string }[];
    };
    const theirs = messages.messages.find((m) => m.message === 'I am looking into it.')!;
    expect((await api(user, 'POST', '/messages/replace', { id: theirs.id, message: 'changed' })).status).toBe(403);
    expect((await api(user, 'DELETE', `/messages/${theirs.id}`)).status).toBe(403);

    // The user deletes their own message after the confirmation; it leaves the consultant's thread too.
    await message(user, 'Yes please, set it up.').getByRole('button', { name: 'Delete' }).click();
    const dialog = user.getByRole('alertdialog');
    await expect(dialog).toContainText('Do you really want to delete this item ?');
    await expect(dialog.getByRole('button', { name: 'No, cancel' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expectSnackbar(user, 'Message deleted !');
    await expect(message(user, 'Yes please, set it up.')).toHaveCount(0);
    await expect(message(consultant, 'Yes please, set it up.')).toHaveCount(0);

    // Send & Close: the discussion moves to /contact-close, beside the demo's closed one.
    await composer.fill('Thanks, that is all.');
    await user.getByRole('button', { name: 'Send & Close' }).click();
    await expectSnackbar(user, 'Discussion closed !');
    await user.waitForURL('**/contact-close');
    await expect(user.getByRole('heading', { name: 'Closed discussions', level: 1 })).toBeVisible();
    const closed = user.getByRole('list', { name: 'Closed discussions' }).getByRole('listitem');
    await expect(closed).toHaveCount(2);
    await expectAccessible(user, '/contact-close');
    await closed
      .filter({ hasText: 'Thanks, that is all.' })
      .getByRole('button', { name: /^History/ })
      .click();
    await expect(user.getByRole('dialog').getByRole('log')).toContainText('It takes ten minutes to open.');
    await user.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect(user.getByRole('dialog')).toHaveCount(0);
    await closed
      .filter({ hasText: 'They match to the cent.' })
      .getByRole('button', { name: /^History/ })
      .click();
    await expect(user.getByRole('dialog').getByRole('log')).toContainText('could you add a breakdown by region');
    await user.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // No open discussion any more: /contact sends the user home, where she may write a first message again.
    await user.goto('/contact');
    await user.waitForURL('**/home');
    await expect(user.getByRole('button', { name: 'Write to my consultant' })).toBeVisible();
    await expect(user.getByRole('link', { name: /My consultant/ })).toHaveCount(0);

    await userContext.close();
    await consultantContext.close();
  });

  test('should fit a phone screen, and show a consultant the pending count and their customers', async ({ browser }) => {
    const userContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const consultantContext = await browser.newContext();
    const user = await userContext.newPage();
    const consultant = await consultantContext.newPage();

    await signIn(user, 'user@contoso.test');
    await user.getByRole('button', { name: 'Write to my consultant' }).click();
    await user.getByLabel(/Your message to/).fill('Bonjour, une question sur mon tableau de bord.');
    await user.getByRole('button', { name: 'Send', exact: true }).click();
    await user.waitForURL('**/contact');
    await expect(message(user, 'Bonjour, une question')).toBeVisible();
    await expect(user.getByRole('textbox', { name: 'Your message' })).toBeVisible();
    const overflow = await user.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(user, '/contact (phone)');

    // The consultant's customers, with the message waiting from Contoso, before the thread is opened.
    await signIn(consultant, 'consultant@demo.test');
    await expect(consultant.getByRole('link', { name: /My consultant/ }).first()).toContainText('1');
    await consultant
      .getByRole('link', { name: /My consultant/ })
      .first()
      .click();
    await consultant.waitForURL('**/contact');
    const customers = consultant.getByRole('list', { name: 'My customers' });
    await expect(customers.getByRole('listitem')).toHaveCount(2);
    await expect(customers.getByRole('button', { name: /Carl Contoso/ })).toBeVisible();
    await expectAccessible(consultant, '/contact (consultant)');
    // Opening the discussion reads the message: the badge leaves the navigation without a reload.
    await expect(message(consultant, 'Bonjour, une question')).toBeVisible();
    await expect(consultant.getByRole('link', { name: /My consultant/ }).first()).not.toContainText('1');
  });
});
