import { en } from '@hub/shared/i18n';
import { get, route, startApiServer, type SeenRequest } from '@hub/shared/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLibrary } from '../../../test-support/render-library';

const server = startApiServer();
const texts = en.admin.trainings;
const training = {
  id: 3,
  intitule: 'Advanced DAX',
  date_debut: '2030-01-07T09:00:00.000Z',
  date_fin: null,
  duree_heures: 10.5,
  slug: null,
  kind: 'webinar',
};

describe('the trainings console', () => {
  it('should list the trainings with their kind and filter by kind on the server', async () => {
    server.routes = [get('/api/admin/trainings', { items: [training], total: 1, page: 1, page_size: 20 })];
    renderLibrary('/admin/trainings', server.apiBase);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(await within(table).findByRole('link', { name: 'Advanced DAX' })).toHaveAttribute('href', '/admin/trainings/details/3');
    expect(within(table).getByText('Webinar')).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.kind }), 'event');
    await waitFor(() => expect(server.seen).toContain('/api/admin/trainings?page=1&page_size=20&kind=event'));
  });

  it('should refuse an end before the start at the field, then create the training with ISO dates', async () => {
    server.routes = [
      route('POST', '/api/admin/trainings', (request: SeenRequest) => ({ ...training, ...(request.body as object), id: 8 }), 201),
      get('/api/admin/trainings/8', training),
    ];
    const { toasts } = renderLibrary('/admin/trainings/details', server.apiBase);
    await userEvent.type(await screen.findByRole('textbox', { name: new RegExp(`^${texts.intitule}`) }), 'Customer day');
    const start = screen.getByLabelText(new RegExp(`^${texts.start}`));
    const end = screen.getByLabelText(texts.end);
    await userEvent.type(start, '2030-03-10T09:00');
    await userEvent.type(end, '2030-03-09T17:00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: texts.kind }), 'event');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    expect(screen.getByText(texts.endBeforeStart)).toBeVisible();
    expect(server.requests).toHaveLength(0);

    await userEvent.clear(end);
    await userEvent.type(end, '2030-03-10T17:00');
    await userEvent.type(screen.getByRole('spinbutton', { name: texts.duration }), '8');
    await userEvent.click(screen.getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: texts.created }]));
    expect(server.requests[0]!.body).toEqual({
      intitule: 'Customer day',
      date_debut: new Date('2030-03-10T09:00').toISOString(),
      date_fin: new Date('2030-03-10T17:00').toISOString(),
      duree_heures: 8,
      kind: 'event',
    });
  });
});
