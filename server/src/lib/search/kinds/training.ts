import { adminPaths, portalPaths } from '@hub/shared/api';
import type { SearchKindModule } from './kind';

/** Trainings: for everyone (the trainings list has no audience); a portal hit opens the list. */
export const training: SearchKindModule =
  ({ admin }) =>
  (m) => ({
    from: 'trainings t',
    table: 'trainings t',
    visible: 'TRUE',
    id: 't.id',
    title: 't.intitule',
    date: 't.date_debut',
    vector: 't.search',
    titleIndexed: true,
    matches: m.condition('t.search', 't.intitule'),
    body: () => `''`,
    path: (id) => (admin ? adminPaths.training(id) : portalPaths.trainings),
  });
