import { portalPaths } from '@hub/shared/api';
import { exchangeVisibility } from '../../file-exchange/exchange-scope';
import type { SearchKindModule } from './kind';

/** Collectmaster's collections of the companies the person's file exchange shows (the portal only). */
export const collection: SearchKindModule = ({ session, admin }) =>
  admin
    ? undefined
    : (m, params) => ({
        from: 'exchange_collections c',
        table: 'exchange_collections c',
        located: 'exchange_collections c JOIN entities e ON e.id = c.entity_id',
        visible: exchangeVisibility(session, 'c.entity_id', params),
        id: 'c.id',
        title: 'c.project',
        date: 'c.updated_at',
        vector: 'c.search',
        titleIndexed: true,
        matches: m.condition('c.search', 'c.project'),
        body: () => `''`,
        place: 'json_build_array(e.slug)',
        path: (id, [slug]) => portalPaths.exchangeCollection(String(slug), id),
      });
