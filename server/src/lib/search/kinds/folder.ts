import { portalPaths } from '@hub/shared/api';
import { exchangeVisibility } from '../../file-exchange/exchange-scope';
import type { SearchKindModule } from './kind';

/** Collectmaster's folders, by their collection's company (the portal only). */
export const folder: SearchKindModule = ({ session, admin }) =>
  admin
    ? undefined
    : (m, params) => ({
        from: 'exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id',
        table: 'exchange_folders f',
        located: 'exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id JOIN entities e ON e.id = c.entity_id',
        visible: exchangeVisibility(session, 'c.entity_id', params),
        id: 'f.id',
        title: 'f.name',
        date: 'f.created_at',
        vector: 'f.search',
        titleIndexed: true,
        matches: m.condition('f.search', 'f.name'),
        body: () => `''`,
        place: 'json_build_array(e.slug, c.id)',
        path: (id, [slug, collectionId]) => portalPaths.exchangeFolder(String(slug), Number(collectionId), id),
      });
