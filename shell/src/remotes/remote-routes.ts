import type { RemoteName } from '@hub/shared/api';
import { paths } from '../paths';

/** Which remote answers which shell route (docs/architecture.md, "The parts"). */
export const REMOTE_ROUTES: readonly { path: string; remote: RemoteName }[] = [
  { path: `${paths.advices}/*`, remote: 'content' },
  { path: `${paths.newsItems}/*`, remote: 'content' },
  { path: paths.trainings, remote: 'content' },
  { path: `${paths.dashboards}/*`, remote: 'dashboards' },
  { path: paths.contact, remote: 'contact' },
  { path: paths.contactClose, remote: 'contact' },
  { path: paths.tickets, remote: 'contact' },
  { path: `${paths.collectmaster}/*`, remote: 'collectmaster' },
  { path: `${paths.admin}/*`, remote: 'admin' },
  { path: `${paths.entityAdmin}/*`, remote: 'admin' },
  { path: paths.documentation, remote: 'admin' },
  { path: paths.entityDocumentation, remote: 'admin' },
];
