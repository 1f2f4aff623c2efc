import type { Advice } from '@hub/shared/api';
import { makeRemoteProps, makeUser, RemoteRoot, type Notification } from '@hub/shared/remote';
import { get, startApiServer } from '@hub/shared/test-support';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app-routes';

const api = startApiServer();
const NORTHWIND = { id: 7, name: 'Northwind Traders', logo: null };

function advice(id: number, overrides: Partial<Advice> = {}): Advice {
  return {
    id,
    title: `Advice ${id}`,
    subtitle: null,
    description: '<p>Text</p>',
    status: 16,
    audience_type: 'multi_users',
    pinned: false,
    category: null,
    banner: null,
    thumbnail: null,
    entity: NORTHWIND,
    sources: { users: [] },
    must_read: false,
    must_read_by: null,
    acknowledged_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    source_language: 'en',
    language: 'en',
    translation_state: 'missing',
    ...overrides,
  };
}

function renderConsole(path: string, language: 'en' | 'fr' = 'en') {
  window.history.pushState(null, '', path);
  const toasts: Notification[] = [];
  const user = makeUser({ rights: ['contributor'], entity: NORTHWIND });
  const props = makeRemoteProps('admin', {
    apiBase: api.apiBase,
    language,
    notify: (notification) => toasts.push(notification),
    session: { user, displayedUser: user, displayAs: null, selectedEntityId: null },
  });
  render(
    <RemoteRoot props={props} namespace="admin">
      <AppRoutes />
    </RemoteRoot>,
  );
  return toasts;
}

describe("an advice's must-read mark", () => {
  it('should mark a published advice as a must-read with a date, and show the server’s refusal of a past date', async () => {
    let current = advice(3, { title: 'Security rules' });
    const bodies: unknown[] = [];
    api.routes = [
      (_req, request) => {
        if (request.method !== 'PUT' || request.path !== '/api/admin/advices/3/must-read') return undefined;
        bodies.push(request.body);
        const body = request.body as { must_read: boolean; must_read_by: string | null };
        if (body.must_read_by === '2020-01-01')
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'must_read_by: The date may not be before today',
              errors: [{ field: 'must_read_by', message: 'The date may not be before today' }],
            },
          };
        current = { ...current, must_read: body.must_read, must_read_by: body.must_read_by };
        return { status: 200, body: current };
      },
      get('/api/admin/advices/3', () => current),
    ];
    const toasts = renderConsole('/entity/admin/advices/details/3');
    const mark = await screen.findByRole('checkbox', { name: 'Recipients must read it and confirm' });
    expect(mark).not.toBeChecked();
    // fireEvent: the checkbox's press handling builds a PointerEvent on blur, which jsdom lacks.
    fireEvent.click(mark);
    const date = await screen.findByLabelText('To confirm by');
    // A date field is set whole (jsdom types no date picker).
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the must-read' }));
    expect(await screen.findByText('The date may not be before today')).toBeVisible();
    fireEvent.change(date, { target: { value: '2031-03-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the must-read' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'The must-read was saved successfully !' }));
    expect(bodies).toEqual([
      { must_read: true, must_read_by: '2020-01-01' },
      { must_read: true, must_read_by: '2031-03-10' },
    ]);
    expect(screen.getByRole('link', { name: 'See its reach' })).toHaveAttribute('href', '/entity/admin/advices/details/3/reach');
  });
});

describe("an advice's reach", () => {
  const person = (id: number, overrides: Record<string, unknown> = {}) => ({
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `p${id}@northwind.test`,
    entity_name: 'Northwind Traders',
    first_viewed_at: null,
    last_viewed_on: null,
    view_days: 0,
    acknowledged_at: null,
    ...overrides,
  });

  it('should show the counts, the companies, a page of people, the next page, and download the CSV', async () => {
    const csvText = 'last_name,first_name\nLast1,First1\n';
    api.routes = [
      get('/api/admin/advices/3', advice(3, { title: 'Security rules', must_read: true })),
      (_req, request) => {
        if (request.path === '/api/admin/advices/3/reach.csv')
          return { status: 200, text: csvText, headers: { 'content-type': 'text/csv; charset=utf-8' } };
        if (request.path !== '/api/admin/advices/3/reach') return undefined;
        const page = Number(new URL(request.url, 'http://x').searchParams.get('page'));
        return {
          status: 200,
          body: {
            advice_id: 3,
            must_read: true,
            totals: { recipients: 25, viewed: 12, acknowledged: 7 },
            companies: [{ entity_id: 7, entity_name: 'Northwind Traders', recipients: 25, viewed: 12, acknowledged: 7 }],
            people: {
              items:
                page === 1
                  ? [person(1, { last_viewed_on: '2031-03-02', acknowledged_at: '2031-03-03T10:00:00.000Z' }), person(2)]
                  : [person(21)],
              total: 25,
              page,
              page_size: 20,
            },
          },
        };
      },
    ];
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:reach'), revokeObjectURL: () => undefined });
    renderConsole('/entity/admin/advices/details/3/reach', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portée : Security rules' })).toBeVisible();
    expect((await screen.findByText('Destinataires', { selector: 'dt' })).nextSibling).toHaveTextContent('25');
    expect(screen.getByText("Ont confirmé l'avoir lu", { selector: 'dt' }).nextSibling).toHaveTextContent('7');
    const people = screen.getByRole('table', { name: 'Personnes' });
    expect(await within(people).findByText('p1@northwind.test')).toBeVisible();
    expect(within(people).getAllByText('Pas encore')).toHaveLength(2);
    expect(screen.getByText('Page 1 sur 2')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('p21@northwind.test')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger en CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain('Last1,First1');
  });
});
