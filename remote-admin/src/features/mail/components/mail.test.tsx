import type { ReceivedEmail, ReceivedEmailDetails, ReceivedList } from '@hub/shared/api';
import { en, fr } from '@hub/shared/i18n';
import { get, startApiServer } from '@hub/shared/test-support';
import { expectNoRawKey } from '@hub/shared/test-support/expect-no-raw-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderGroups } from '../../../test-support/render-groups';

const server = startApiServer();
const texts = en.admin.mail;
const unsubscribe = 'http://portal.test/api/unsubscribe/7.discussions.abc';
const french: ReceivedEmail = {
  id: 12,
  received_at: '2026-11-23T10:00:00.000Z',
  mail_from: 'no-reply@portal.test',
  rcpt_to: 'user@northwind.test',
  subject: 'Client hub: Votre consultant a répondu dans une discussion',
  message_id: '<outbox.3.1@portal.test>',
};
const english: ReceivedEmail = {
  ...french,
  id: 11,
  subject: 'Client hub: Your helpdesk ticket was answered',
  message_id: '<outbox.2.1@portal.test>',
};
const list: ReceivedList = {
  items: [french, english],
  total: 2,
  total_capped: false,
  page: 1,
  page_size: 100,
  next_cursor: null,
  embedded: true,
};
// A text part that looks like HTML: shown as it is written, never as markup.
const text = `Client hub\n\nVotre consultant a répondu: <b>Clôture</b>.\n\nOuvrir dans le portail: http://portal.test/contact/42\n\n--\nNe plus recevoir ces e-mails: ${unsubscribe}\n`;
const details: ReceivedEmailDetails = { ...french, text, unsubscribe_urls: [unsubscribe, 'mailto:unsubscribe@portal.test'] };

describe('the received emails of the mail console', () => {
  it('should open a received email from its subject, by keyboard, and show its text as text with its unsubscribe links', async () => {
    server.routes = [get('/api/admin/mail/received', list), get('/api/admin/mail/received/12', details)];
    renderGroups('/admin/mail?view=received', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    const open = await within(table).findByRole('button', { name: french.subject });
    expect(within(table).getByRole('button', { name: english.subject })).toBeVisible();

    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: french.subject });
    const body = await within(dialog).findByRole('region', { name: texts.details.text });
    expect(body.querySelector('pre')!.textContent).toBe(text);
    expect(body.querySelector('b')).toBeNull();
    expect(within(body).getByText(/<b>Clôture<\/b>/)).toBeVisible();
    expect(within(body).getByRole('link', { name: 'http://portal.test/contact/42' })).toHaveAttribute(
      'href',
      'http://portal.test/contact/42',
    );
    expect(within(dialog).getByText('no-reply@portal.test')).toBeVisible();
    expect(within(dialog).getByText('<outbox.3.1@portal.test>')).toBeVisible();
    const links = within(dialog).getByRole('region', { name: texts.details.unsubscribe });
    expect(within(links).getByRole('link', { name: unsubscribe })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(links).getByText('mailto:unsubscribe@portal.test')).toBeVisible();
    expect(server.seen).toContain('/api/admin/mail/received/12');
    expectNoRawKey();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should say when an email has no text part or cannot be loaded, in French too', async () => {
    server.routes = [
      get('/api/admin/mail/received', list),
      get('/api/admin/mail/received/12', { ...details, text: null, unsubscribe_urls: [] }),
      get('/api/admin/mail/received/11', { statusCode: 404, error: 'Not Found', message: 'No received email with this id' }, 404),
    ];
    renderGroups('/admin/mail?view=received', server.apiBase, { language: 'fr' });
    const table = await screen.findByRole('table', { name: fr.admin.mail.title });
    await userEvent.click(await within(table).findByRole('button', { name: french.subject }));
    const dialog = await screen.findByRole('dialog', { name: french.subject });
    expect(await within(dialog).findByText(fr.admin.mail.details.noText)).toBeVisible();
    expect(within(dialog).getByText(fr.admin.mail.details.noUnsubscribe)).toBeVisible();
    await userEvent.click(within(dialog).getAllByRole('button', { name: fr.common.close })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(table).getByRole('button', { name: english.subject }));
    const failed = await screen.findByRole('dialog', { name: english.subject });
    expect(await within(failed).findByText(fr.admin.mail.details.loadFailed)).toBeVisible();
    expect(within(failed).getByRole('button', { name: fr.common.retry })).toBeVisible();
    expectNoRawKey();
  });
});
