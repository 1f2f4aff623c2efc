import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { mayManageEntity } from './scope';

/** The entity of a user whose content list an admin asks for (`/users/:id/<content>-with-sources`), or undefined when the caller may not see that user. */
export async function managedUserEntity(db: Queryable, userId: number, session: Session): Promise<{ entityId: number | null } | undefined> {
  const { rows } = await db.query<{ entity_id: number | null }>('SELECT entity_id FROM users WHERE id = $1', [userId]);
  const user = rows[0];
  if (!user || !mayManageEntity(session, user.entity_id)) return undefined;
  return { entityId: user.entity_id };
}
