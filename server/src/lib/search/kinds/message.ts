import { portalPaths } from '@hub/shared/api';
import { ownDiscussion, ownMessage } from '../../discussions/visibility';
import { newestRows, personName, type SearchKindModule } from './kind';

/** The messages of the person's own discussions, as GET /api/discussions lists them (the portal only). */
export const message: SearchKindModule = ({ session, admin }) =>
  admin
    ? undefined
    : (m, params) => {
        params.push(session.user.id);
        const me = `$${params.length}`;
        const joins = 'JOIN discussions dis ON dis.id = msg.discussion_id LEFT JOIN users author ON author.id = msg.from_user_id';
        // Their newest matches: those sent to them and those sent by them (ownMessage, in two parts),
        // each newest first and cut at the limit. An OR of the two cannot be walked in date order, and
        // for a prefix held by 30 % of a million messages PostgreSQL read every message; each part
        // alone walks the (person, date) index of migration 0089 for a common word, or uses the
        // (person, words) index for a rare one.
        const part = (person: string, conditions: string, limit: number, fenced: boolean) =>
          newestRows('messages msg', `${person} AND ${conditions}`, 'msg.created_at DESC, msg.id DESC', limit, fenced);
        return {
          from: `messages msg ${joins}`,
          table: 'messages msg',
          located: 'messages msg JOIN discussions dis ON dis.id = msg.discussion_id',
          newest: (conditions, limit, fenced) =>
            `(${part(`msg.to_user_id = ${me}`, conditions, limit, fenced)} UNION ALL
              ${part(`msg.from_user_id = ${me} AND msg.to_user_id IS DISTINCT FROM ${me}`, conditions, limit, fenced)}) msg ${joins}`,
          walked: 'messages',
          // Said too in `newest`'s parts, and holding wherever `from` is read.
          visible: `${ownDiscussion('dis', me)} AND ${ownMessage('msg', me)}`,
          id: 'msg.id',
          title: personName('author'),
          date: 'msg.created_at',
          vector: 'msg.search',
          titleIndexed: false,
          matches: m.condition('msg.search', "''"),
          body: () => 'msg.message',
          place: 'json_build_array(dis.status)',
          path: (_id, [status]) => (status === 'closed' ? portalPaths.contactClosed : portalPaths.contact),
        };
      };
