import fp from 'fastify-plugin';
import { PUBLICATION, readPublicationStatus, type Advice, type AdviceList, type AdviceListQuery, type AudienceType, type Category } from '@hub/shared/api';
import { imageJsonSql, type ImageJson } from '../images/image-urls';
import { canSeeUnpublished, type Session } from '../auth/session';

export interface AdvicesRepository {
  /** The page of advices the caller may see: pinned first, then newest. */
  list(query: AdviceListQuery, session: Session): Promise<AdviceList>;
  /** One advice under the same rule, or null when it does not exist or the caller may not see it. */
  get(id: number, session: Session): Promise<Advice | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    advicesRepository: AdvicesRepository;
  }
}

interface AdviceRow {
  id: number;
  title: string;
  subtitle: string | null;
  description: string;
  status: number;
  audience_type: AudienceType;
  pinned: boolean;
  category: Category | null;
  banner: ImageJson | null;
  thumbnail: ImageJson | null;
  entity_id: number | null;
  entity_name: string | null;
  entity_logo: ImageJson | null;
  source_users: number[];
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = `
  SELECT a.id, a.title, a.subtitle, a.description, a.status, a.audience_type, a.pinned,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name, 'color', c.color) END AS category,
         ${imageJsonSql('b')} AS banner,
         ${imageJsonSql('t')} AS thumbnail,
         e.id AS entity_id, e.name AS entity_name, ${imageJsonSql('l')} AS entity_logo,
         COALESCE((SELECT array_agg(au.user_id ORDER BY au.user_id) FROM advice_users au WHERE au.advice_id = a.id), '{}') AS source_users,
         a.created_at, a.updated_at
    FROM advices a
    LEFT JOIN categories c ON c.id = a.category_id
    LEFT JOIN images b ON b.id = a.banner_image_id
    LEFT JOIN images t ON t.id = a.thumbnail_image_id
    LEFT JOIN entities e ON e.id = a.entity_id
    LEFT JOIN images l ON l.id = e.logo_image_id`;

/**
 * The visibility rule, written once for the list and the detail: advices of the caller's own
 * entity, published, whose audience includes the caller (everyone for multi_users, the named
 * recipients for user). Contributors and above may ask to include unpublished ones.
 */
function visibility(session: Session, includesUnpublished: boolean, params: unknown[]): string {
  params.push(session.entityId, session.user.id);
  const entity = `$${params.length - 1}`;
  const user = `$${params.length}`;
  const conditions = [
    `a.entity_id = ${entity}`,
    `(a.audience_type = 'multi_users' OR EXISTS (SELECT 1 FROM advice_users au WHERE au.advice_id = a.id AND au.user_id = ${user}))`,
  ];
  if (!(includesUnpublished && canSeeUnpublished(session))) {
    params.push(PUBLICATION.published);
    conditions.push(`a.status = $${params.length}`);
  }
  return conditions.join(' AND ');
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export default fp(
  async (fastify) => {
    const { db, imageUrls } = fastify;

    const toAdvice = (row: AdviceRow): Advice => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      status: readPublicationStatus(row.status),
      audience_type: row.audience_type,
      pinned: row.pinned,
      category: row.category,
      banner: imageUrls.toImage(row.banner),
      thumbnail: imageUrls.toImage(row.thumbnail),
      entity: row.entity_id === null ? null : { id: row.entity_id, name: row.entity_name!, logo: imageUrls.toImage(row.entity_logo) },
      sources: { users: row.source_users },
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    });

    const repository: AdvicesRepository = {
      async list(query, session) {
        const page = query.page ?? 1;
        const pageSize = query.page_size ?? 20;
        const params: unknown[] = [];
        const where = visibility(session, query.includes_unpublished === true, params);
        const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM advices a WHERE ${where}`, params);
        const { rows } = await db.query<AdviceRow>(
          `${SELECT} WHERE ${where} ORDER BY a.pinned DESC, a.created_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        );
        return { items: rows.map(toAdvice), total: total.rows[0]!.count, page, page_size: pageSize };
      },

      async get(id, session) {
        const params: unknown[] = [id];
        const where = visibility(session, true, params);
        const { rows } = await db.query<AdviceRow>(`${SELECT} WHERE a.id = $1 AND ${where}`, params);
        return rows[0] ? toAdvice(rows[0]) : null;
      },
    };
    fastify.decorate('advicesRepository', repository);
  },
  { name: 'advices-repository', dependencies: ['database', 'image-urls'] },
);
