import { portalPaths } from '@hub/shared/api';
import { ticketVisibility } from '../../tickets/visibility';
import type { SearchKindModule } from './kind';

/** The helpdesk tickets GET /api/tickets lists (the portal only), found by their words or a reply's. */
export const ticket: SearchKindModule = ({ session, admin }) =>
  admin
    ? undefined
    : (m, params) => {
        const visible = ticketVisibility('tk', session, params);
        if (visible === null) return null;
        // A ticket is found by its own words or by a reply's (the latest matching one gives the
        // snippet): one hit per ticket, ranked on both.
        return {
          table: 'tickets tk',
          from: `tickets tk
           LEFT JOIN LATERAL (
             SELECT tm.message, tm.search FROM ticket_messages tm
             WHERE tm.ticket_id = tk.id AND ${m.condition('tm.search', "''")}
             ORDER BY tm.created_at DESC, tm.id DESC LIMIT 1
           ) reply ON TRUE`,
          visible,
          id: 'tk.id',
          title: 'tk.title',
          date: 'tk.created_at',
          vector: `(tk.search || coalesce(reply.search, ''::tsvector))`,
          titleIndexed: true,
          matches: `(${m.condition('tk.search', 'tk.title')} OR reply.search IS NOT NULL)`,
          // The latest reply the words find, else the ticket's description.
          body: (query) =>
            `coalesce((SELECT tm.message FROM ticket_messages tm WHERE tm.ticket_id = tk.id AND tm.search @@ ${query}
                        ORDER BY tm.created_at DESC, tm.id DESC LIMIT 1), tk.description, '')`,
          path: () => portalPaths.tickets,
        };
      };
