import type { Discussion, Message } from '@hub/shared/api';
import { en } from '@hub/shared/i18n';
import { makeRemoteProps, makeUser, RemoteRoot } from '@hub/shared/remote';
import { startApiServer, type Route } from '@hub/shared/test-support';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClosedDiscussionsPage } from './closed-discussions-page';

const customer = { id: 7, first_name: 'Nora', last_name: 'North', email: 'user@northwind.test' };
const consultant = { id: 3, first_name: 'Cora', last_name: 'Consultant', email: 'consultant@demo.test' };
const api = startApiServer();
let answerStatus = 200;

const closingMessage: Message = {
  id: 9,
  discussion_id: 2,
  from_user: customer,
  to_user: consultant,
  parent_message_id: null,
  message: 'Thanks, all <em>good</em>.',
  status: 'read',
  is_edited: false,
  created_at: '2025-03-02T09:00:00.000Z',
  modified_at: null,
};
const discussion = (id: number, status: 'open' | 'closed'): Discussion => ({
  id,
  customer,
  consultant,
  status,
  created_at: '2025-03-01T09:00:00.000Z',
  closed_at: status === 'closed' ? '2025-03-02T09:00:00.000Z' : null,
  last_message: id === 2 ? closingMessage : null,
  pending_count: 0,
  promise: status === 'open' ? { reply_by: null, target_hours: 4, waiting_on: 'customer', away_until: null, stand_in: null } : null,
});

// Every call fails while answerStatus is not 200.
const closedApi: Route = (_req, { url }) => {
  if (answerStatus !== 200)
    return { status: answerStatus, body: { statusCode: answerStatus, error: 'Internal Server Error', message: 'Internal Server Error' } };
  const items = [discussion(1, 'open'), discussion(2, 'closed')];
  if (url === '/api/discussions/all') return { status: 200, body: { items, total: 2, page: 1, page_size: 2 } };
  if (url === '/api/discussions/2/messages') return { status: 200, body: { discussion: items[1], messages: [closingMessage] } };
  return undefined;
};
beforeEach(() => {
  api.routes = [closedApi];
});

function renderPage() {
  const user = makeUser({ ...customer, close_discussion_counter: 1 });
  render(
    <RemoteRoot
      props={makeRemoteProps('contact', {
        apiBase: api.apiBase,
        session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
      })}
      namespace="contact"
    >
      <ClosedDiscussionsPage />
    </RemoteRoot>,
  );
}

describe('ClosedDiscussionsPage', () => {
  it('should list only the closed discussions, read-only, and show one’s history in a modal', async () => {
    answerStatus = 200;
    renderPage();
    const list = await screen.findByRole('list', { name: en.contact.closedTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Cora Consultant');
    expect(items[0]).toHaveTextContent(en.contact.closed);
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(within(items[0]!).getByRole('button', { name: `${en.contact.history.open}: Cora Consultant` }));
    const dialog = await screen.findByRole('dialog');
    const log = await within(dialog).findByRole('log');
    expect(log).toHaveTextContent('Thanks, all <em>good</em>.');
    expect(within(log).queryByRole('button')).toBeNull();
  });

  it('should say so, with a retry, when the discussions cannot be loaded', async () => {
    answerStatus = 500;
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.contact.failed);
    answerStatus = 200;
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByRole('list', { name: en.contact.closedTitle })).toBeVisible();
  });
});
