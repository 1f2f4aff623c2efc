import { portalPaths } from '@hub/shared/api';
import { exchangeVisibility } from '../../file-exchange/exchange-scope';
import { newestRows, type SearchKindModule } from './kind';

/** Collectmaster's files, by their own copy of their collection's company (the portal only); a file opens in its folder. */
export const file: SearchKindModule = ({ session, admin }) =>
  admin
    ? undefined
    : (m, params) => {
        // The file's own copy of its collection's company (kept by a trigger, migration 0053): the
        // (company, date) index of migration 0088 then walks one company's files newest first.
        const visible = exchangeVisibility(session, 'x.entity_id', params);
        return {
          from: 'exchange_files x',
          table: 'exchange_files x',
          // The folder, collection and company only for the page's paths: with the joins in the
          // same query, PostgreSQL read every file of the company holding the word through the
          // words' index and sorted them rather than walk the company's files newest first and stop.
          located: `exchange_files x JOIN exchange_folders f ON f.id = x.folder_id JOIN exchange_collections c ON c.id = f.collection_id
               JOIN entities e ON e.id = c.entity_id`,
          newest: (conditions, limit, fenced) =>
            `${newestRows('exchange_files x', `${visible} AND ${conditions}`, 'coalesce(x.upload_at, x.updated_at) DESC, x.id DESC', limit, fenced)} x`,
          newestVisible: true,
          walked: 'exchange_files',
          visible,
          id: 'x.id',
          title: 'x.name_original',
          date: 'coalesce(x.upload_at, x.updated_at)',
          vector: 'x.search',
          titleIndexed: true,
          matches: m.condition('x.search', 'x.name_original'),
          body: () => `coalesce(x.comment, '')`,
          place: 'json_build_array(e.slug, c.id, f.id)',
          path: (_id, [slug, collectionId, folderId]) => portalPaths.exchangeFolder(String(slug), Number(collectionId), Number(folderId)),
        };
      };
