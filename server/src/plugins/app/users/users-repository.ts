import fp from 'fastify-plugin';
import { isAdministrator, isContributor, type Contact, type User } from '@hub/shared/api';
import type { Session } from '../../../lib/auth/session';
import type { UserRecord } from '../../../lib/auth/user-record';
import { imageJsonSql, type ImageJson } from '../../../lib/images/image-json';

export interface UsersRepository {
  findById(id: number): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  entityExists(id: number): Promise<boolean>;
  /** The user as GET /api/auth/user answers it: entity, contacts, clients, counters. */
  profile(id: number): Promise<User | null>;
  /**
   * GET /api/user/{id}: how much of user `id` the session may read. 'full' for themselves, an
   * administrator, and a contributor or more on a user of the entity in force; 'public' for a
   * user of their own entity and their contacts or clients; null (404) for anyone else.
   */
  readAccess(session: Session, id: number): Promise<'full' | 'public' | null>;
  /**
   * Sets the profile image (an image of category 'profile' only), or clears it with null. With
   * `ownOnly`, only a picture the user uploaded or already has: another person's is 'no-image', so
   * that nobody learns the key of a picture that is not theirs.
   */
  setProfileImage(id: number, imageId: number | null, ownOnly?: boolean): Promise<'done' | 'no-image' | 'not-profile'>;
  /** Ends every access token of user `id` (both APIs, every process): false when there is no such user. */
  endSessions(id: number): Promise<boolean>;
  /** The language user `id` reads the portal and the emails in; English when there is no such user. */
  languageOf(id: number): Promise<'en' | 'fr'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

const RECORD = 'id, email, first_name, last_name, rights, entity_id, token_version';

interface ProfileRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  rights: string[];
  welcome_message: string | null;
  contact_enable: boolean;
  pbi_groups: string[];
  profile_image: ImageJson | null;
  entity_id: number | null;
  entity_name: string | null;
  entity_logo: ImageJson | null;
  open_discussion_counter: number;
  close_discussion_counter: number;
  pending_message_counter: number;
}

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;
    const repository: UsersRepository = {
      async findById(id) {
        // Prepared: the session guard reads the caller on every call.
        const { rows } = await db.query<UserRecord>(`SELECT ${RECORD} FROM users WHERE id = $1`, [id], { prepare: true });
        return rows[0] ?? null;
      },

      async endSessions(id) {
        const { rows } = await db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING id', [id]);
        return rows.length > 0;
      },

      async languageOf(id) {
        const { rows } = await db.query<{ language: 'en' | 'fr' }>('SELECT language FROM users WHERE id = $1', [id]);
        return rows[0]?.language ?? 'en';
      },

      async entityExists(id) {
        const { rows } = await db.query('SELECT 1 FROM entities WHERE id = $1', [id]);
        return rows.length > 0;
      },

      async findByEmail(email) {
        const { rows } = await db.query<UserRecord>(`SELECT ${RECORD} FROM users WHERE email = $1`, [email.trim().toLowerCase()]);
        return rows[0] ?? null;
      },

      async profile(id) {
        const { rows } = await db.query<ProfileRow>(
          `SELECT u.id, u.email, u.first_name, u.last_name, u.rights, u.welcome_message, u.contact_enable, u.pbi_groups,
                  ${imageJsonSql('pi')} AS profile_image,
                  e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('li')} AS entity_logo,
                  (SELECT count(*)::int FROM discussions d WHERE d.status = 'open' AND (d.customer_id = u.id OR d.consultant_id = u.id)) AS open_discussion_counter,
                  (SELECT count(*)::int FROM discussions d WHERE d.status = 'closed' AND (d.customer_id = u.id OR d.consultant_id = u.id)) AS close_discussion_counter,
                  (SELECT count(*)::int FROM messages m JOIN discussions d ON d.id = m.discussion_id
                    WHERE m.to_user_id = u.id AND m.status = 'open' AND d.status = 'open') AS pending_message_counter
             FROM users u
             LEFT JOIN images pi ON pi.id = u.profile_image_id
             LEFT JOIN entities e ON e.id = u.entity_id
             LEFT JOIN images li ON li.id = e.logo_image_id
            WHERE u.id = $1`,
          [id],
        );
        const row = rows[0];
        if (!row) return null;
        const contacts = await db.query<Omit<Contact, 'profile_image'> & { profile_image: ImageJson | null }>(
          `SELECT c.id, c.first_name, c.last_name, c.email, c.description, ${imageJsonSql('ci')} AS profile_image
             FROM user_contacts uc
             JOIN users c ON c.id = uc.consultant_id
             LEFT JOIN images ci ON ci.id = c.profile_image_id
            WHERE uc.user_id = $1
            ORDER BY c.last_name, c.first_name, c.id`,
          [id],
        );
        const clients = await db.query<User['clients'][number]>(
          `SELECT c.id, c.first_name, c.last_name
             FROM user_contacts uc JOIN users c ON c.id = uc.user_id
            WHERE uc.consultant_id = $1
            ORDER BY c.last_name, c.first_name, c.id`,
          [id],
        );
        return {
          id: row.id,
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          rights: row.rights,
          welcome_message: row.welcome_message,
          profile_image: imageUrls.toImage(row.profile_image),
          contact_enable: row.contact_enable,
          contacts: contacts.rows.map((contact) => ({ ...contact, profile_image: imageUrls.toImage(contact.profile_image) })),
          clients: clients.rows,
          entity: row.entity_id === null ? null : { id: row.entity_id, name: row.entity_name!, logo: imageUrls.toImage(row.entity_logo) },
          open_discussion_counter: row.open_discussion_counter,
          close_discussion_counter: row.close_discussion_counter,
          pending_message_counter: row.pending_message_counter,
          pbi_groups: row.pbi_groups,
        };
      },

      async readAccess(session, id) {
        const self = session.user.id === id;
        if (self || isAdministrator(session.rights)) {
          return (await repository.findById(id)) ? 'full' : null;
        }
        const { rows } = await db.query<{ entity_id: number | null; related: boolean }>(
          `SELECT t.entity_id,
                  EXISTS (SELECT 1 FROM user_contacts uc
                           WHERE (uc.user_id = $2 AND uc.consultant_id = t.id) OR (uc.consultant_id = $2 AND uc.user_id = t.id)) AS related
             FROM users t WHERE t.id = $1`,
          [id, session.user.id],
        );
        const target = rows[0];
        if (!target) return null;
        if (target.entity_id !== null && isContributor(session.rights) && target.entity_id === session.entityId) return 'full';
        if ((target.entity_id !== null && target.entity_id === session.user.entity_id) || target.related) return 'public';
        return null;
      },
      async setProfileImage(id, imageId, ownOnly = false) {
        if (imageId !== null) {
          const { rows } = await db.query<{ category: string; own: boolean }>(
            `SELECT category, (created_by = $2 OR id = (SELECT profile_image_id FROM users WHERE id = $2)) IS TRUE AS own
               FROM images WHERE id = $1`,
            [imageId, id],
          );
          if (!rows[0]) return 'no-image';
          if (rows[0].category !== 'profile') return 'not-profile';
          if (ownOnly && !rows[0].own) return 'no-image';
        }
        await db.query('UPDATE users SET profile_image_id = $2 WHERE id = $1', [id, imageId]);
        return 'done';
      },
    };
    fastify.decorate('usersRepository', repository);
  },
  { name: 'users-repository', dependencies: ['database', 'image-urls'] },
);
