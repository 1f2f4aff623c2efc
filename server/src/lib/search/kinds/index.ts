import type { SearchKind } from '@hub/shared/api';
import { advice } from './advice';
import { collection } from './collection';
import { company } from './company';
import { dashboard } from './dashboard';
import { file } from './file';
import { folder } from './folder';
import { group } from './group';
import type { Session } from '../../auth/session';
import { matchFor } from '../search-match';
import type { Branch, KindContext, KindQuery, SearchKindModule } from './kind';
import { message } from './message';
import { news } from './news';
import { ticket } from './ticket';
import { training } from './training';
import { user } from './user';

/** Every searched kind's module. */
export const SEARCH_KIND_MODULES: Record<SearchKind, SearchKindModule> = {
  advice,
  news,
  training,
  dashboard,
  collection,
  folder,
  file,
  message,
  ticket,
  user,
  company,
  group,
};

/** What the kinds' queries depend on in a request: who searches, and where. */
interface Searching {
  scope: 'portal' | 'admin';
  includesUnpublished: boolean;
}

/** The kinds a search may have, for who searches and where: each one's query. */
export function branches(session: Session, request: Searching): Partial<Record<SearchKind, Branch>> {
  const context: KindContext = { session, admin: request.scope === 'admin', unpublished: request.includesUnpublished };
  const table: Partial<Record<SearchKind, Branch>> = {};
  for (const [kind, module] of Object.entries(SEARCH_KIND_MODULES) as Array<[SearchKind, SearchKindModule]>) {
    const branch = module(context);
    if (branch) table[kind] = branch;
  }
  return table;
}

/** Each searched kind's query parts that need no parameter (its table, title, body, path), by kind. */
export function kindTables(session: Session, request: Searching, kinds: SearchKind[]): Array<{ kind: SearchKind; query: KindQuery }> {
  const all = branches(session, request);
  const match = matchFor(false, false, () => {
    throw new Error('kindTables: no parameter');
  });
  return kinds.flatMap((kind) => {
    // The parameters a branch adds (its visibility) are not used here.
    const query = all[kind]?.(match, []);
    return query ? [{ kind, query }] : [];
  });
}
