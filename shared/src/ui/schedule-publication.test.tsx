import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { createApiClient } from '../api/http-client';
import { en } from '../i18n';
import { createI18n } from '../i18n/create-i18n';
import { route, startApiServer, type SeenRequest } from '../test-support/api-server';
import { SchedulePublication } from './schedule-publication';
import { createHubSystem } from './system';

const server = startApiServer();
const system = createHubSystem({ preflight: false });
const texts = en.admin.kit.schedule;

function renderSchedule(props: { published?: boolean; dirty?: boolean } = {}) {
  const api = createApiClient({ baseUrl: `${server.apiBase}/admin`, getToken: () => 'test-token' });
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n(['common', 'admin'], 'en')}>
        {/* As the portal's RemoteRoot: no retry timer, which would fire once this file's page is gone. */}
        <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
          <SchedulePublication
            api={api}
            kind="news-items"
            id={4}
            published={props.published ?? false}
            dirty={props.dirty}
            previewHref="/news-items/details/4?preview=true"
          />
        </SWRConfig>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

describe('SchedulePublication', () => {
  it('should schedule a draft at the chosen date and time, show it, and cancel it', async () => {
    let scheduled: string | null = null;
    server.routes = [
      route('GET', '/api/admin/schedules', () => ({
        items: scheduled ? [{ kind: 'news-items', id: 4, title: 'Summer notes', publish_at: scheduled }] : [],
      })),
      route('PUT', '/api/admin/news-items/4/schedule', (request: SeenRequest) => {
        scheduled = (request.body as { publish_at: string }).publish_at;
        return { kind: 'news-items', id: 4, title: 'Summer notes', publish_at: scheduled };
      }),
      route('DELETE', '/api/admin/news-items/4/schedule', () => {
        scheduled = null;
        return null;
      }),
    ];
    renderSchedule();
    const field = await screen.findByLabelText(texts.label);
    await userEvent.clear(field);
    await userEvent.type(field, '2031-05-04T09:30');
    await userEvent.click(screen.getByRole('button', { name: texts.schedule }));

    expect(await screen.findByText(/^Scheduled for .*2031/)).toBeVisible();
    expect(scheduled).toBe(new Date('2031-05-04T09:30').toISOString());
    expect(screen.getByText(texts.saved)).toBeVisible();
    expect(server.seen).toContain('/api/admin/schedules?kind=news-items');

    await userEvent.click(screen.getByRole('button', { name: texts.clear }));
    expect(await screen.findByRole('button', { name: texts.schedule })).toBeVisible();
    expect(scheduled).toBeNull();
  });

  it('should refuse a date in the past before sending', async () => {
    server.routes = [route('GET', '/api/admin/schedules', { items: [] })];
    renderSchedule();
    const field = await screen.findByLabelText(texts.label);
    await userEvent.clear(field);
    await userEvent.type(field, '2020-01-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: texts.schedule }));
    expect(await screen.findByText(texts.pastDate)).toBeVisible();
    await waitFor(() => expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(0));
  });

  it('should offer only the preview for a published item, and wait for unsaved changes', async () => {
    server.routes = [route('GET', '/api/admin/schedules', { items: [] })];
    renderSchedule({ published: true });
    expect(await screen.findByRole('link', { name: texts.preview })).toHaveAttribute('href', '/news-items/details/4?preview=true');
    expect(screen.queryByRole('button', { name: texts.schedule })).not.toBeInTheDocument();
  });

  it('should keep Schedule disabled while the form has unsaved changes', async () => {
    server.routes = [route('GET', '/api/admin/schedules', { items: [] })];
    renderSchedule({ dirty: true });
    expect(await screen.findByRole('button', { name: texts.schedule })).toBeDisabled();
    expect(screen.getByText(texts.saveFirst)).toBeVisible();
  });
});
