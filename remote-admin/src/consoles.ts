import type { Role } from '@hub/shared/api';
import { groupsPaths } from './groups-paths';
import { helpdeskPaths } from './helpdesk-paths';
import { libraryPaths } from './library-paths';
import { paths } from './paths';
import { peoplePaths } from './people-paths';

/** A console of the index pages: where it lives, its label (admin namespace) and the role it needs. */
export interface ConsoleEntry {
  area: 'main' | 'entity';
  path: string;
  labelKey: string;
  role: Role;
}

/** The consoles, in the order the index pages list them. Add a console with one line here. */
export const CONSOLES: ConsoleEntry[] = [
  { area: 'entity', path: paths.advices, labelKey: 'consoles.advices', role: 'contributor' },
  { area: 'entity', path: paths.dashboards, labelKey: 'consoles.dashboards', role: 'contributor' },
  { area: 'main', path: paths.newsItems, labelKey: 'consoles.newsItems', role: 'contributor' },
  { area: 'main', path: libraryPaths.images, labelKey: 'images.title', role: 'contributor' },
  { area: 'main', path: libraryPaths.trainings, labelKey: 'trainings.title', role: 'contributor' },
  { area: 'main', path: libraryPaths.categories, labelKey: 'categories.title', role: 'administrator' },
  { area: 'main', path: peoplePaths.users, labelKey: 'users.title', role: 'administrator' },
  { area: 'main', path: peoplePaths.entities, labelKey: 'entities.title', role: 'administrator' },
  { area: 'main', path: groupsPaths.groups, labelKey: 'groups.title', role: 'administrator' },
  { area: 'main', path: helpdeskPaths.tickets, labelKey: 'tickets.title', role: 'administrator' },
  { area: 'main', path: groupsPaths.audit, labelKey: 'audit.title', role: 'administrator' },
  { area: 'entity', path: peoplePaths.entityUsers, labelKey: 'entityUsers.title', role: 'contributor' },
];
