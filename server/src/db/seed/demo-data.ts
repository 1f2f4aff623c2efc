import { PUBLICATION, type Role } from '@hub/shared/api';
import type { Db, Queryable } from '../db';
import { seedDemoImages } from './demo-images';
import { seedDemoFiles } from './demo-files';

/** The demo people of the README; their password on the embedded provider is `demo`. */
export const DEMO_PASSWORD = 'demo';

interface DemoPerson {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  entity: 'northwind' | 'contoso' | null;
  welcome_message?: string;
  description?: string;
  contact_enable?: boolean;
  pbi_groups?: string[];
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    email: 'admin@demo.test',
    first_name: 'Alice',
    last_name: 'Admin',
    role: 'administrator',
    entity: null,
    welcome_message: 'You are the General Admin of the hub.',
  },
  {
    email: 'consultant@demo.test',
    first_name: 'Colin',
    last_name: 'Consultant',
    role: 'contributor',
    entity: null,
    contact_enable: true,
    description: 'Your personal consultant. I usually reply within 2 hours, 8am-8pm on weekdays.',
  },
  { email: 'publisher@demo.test', first_name: 'Paula', last_name: 'Publisher', role: 'publisher', entity: 'northwind' },
  {
    email: 'contributor@northwind.test',
    first_name: 'Chris',
    last_name: 'Contributor',
    role: 'contributor',
    entity: 'northwind',
    welcome_message: 'You are the Entity Admin of Northwind Traders.',
    pbi_groups: ['NW-Sales'],
  },
  {
    email: 'user@northwind.test',
    first_name: 'Nina',
    last_name: 'North',
    role: 'user',
    entity: 'northwind',
    welcome_message: 'Your sales dashboards were refreshed this morning.',
    pbi_groups: ['NW-Sales'],
  },
  { email: 'user@contoso.test', first_name: 'Carl', last_name: 'Contoso', role: 'user', entity: 'contoso', pbi_groups: ['CT-Finance'] },
];

const DAY = 24 * 60 * 60 * 1000;

interface DemoDiscussion {
  status: 'open' | 'closed';
  messages: Array<{ from: 'customer' | 'consultant'; text: string; daysAgo: number }>;
}

/**
 * user@northwind.test's discussions with consultant@demo.test, oldest first. In the open one, the
 * consultant's reply (the last message) waits unread: she has one pending message, he has none.
 */
const DEMO_DISCUSSIONS: readonly DemoDiscussion[] = [
  {
    status: 'closed',
    messages: [
      {
        from: 'customer',
        text: 'Hello Colin, could you add a breakdown by region to the Northwind sales overview?',
        daysAgo: 21,
      },
      {
        from: 'consultant',
        text: 'Hello Nina, done: the sales overview now has a Regions page. Tell me whether the figures match your ledger.',
        daysAgo: 20,
      },
      { from: 'customer', text: 'They match to the cent. Thank you, that is all for now.', daysAgo: 19 },
    ],
  },
  {
    status: 'open',
    messages: [
      {
        from: 'customer',
        text: 'Hello Colin, since Monday the monthly sales report takes several minutes to open. Is something wrong?',
        daysAgo: 2.5,
      },
      {
        from: 'consultant',
        text: 'Nothing is broken: the sales dataset now holds three years of orders. Incremental refresh would reload only the last month; shall I set it up for you?',
        daysAgo: 1.8,
      },
    ],
  },
];

async function insertId(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  return rows[0]!.id;
}

/**
 * Seeds the demo data of the default set-up into an empty database. Idempotent: does nothing
 * once the users table holds anyone. Returns whether it seeded.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting at once against one PostgreSQL: the second waits, then sees the users.
    await tx.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    if (rows[0]!.count > 0) return false;

    const entities = {
      northwind: await insertId(tx, 'INSERT INTO entities (name, slug) VALUES ($1, $2)', ['Northwind Traders', 'northwind-traders']),
      contoso: await insertId(tx, 'INSERT INTO entities (name, slug) VALUES ($1, $2)', ['Contoso', 'contoso']),
    };

    const users: Record<string, number> = {};
    for (const person of DEMO_PEOPLE) {
      users[person.email] = await insertId(
        tx,
        `INSERT INTO users (email, first_name, last_name, rights, welcome_message, contact_enable, description, entity_id, pbi_groups)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          person.email,
          person.first_name,
          person.last_name,
          [person.role],
          person.welcome_message ?? null,
          person.contact_enable ?? false,
          person.description ?? null,
          person.entity ? entities[person.entity] : null,
          person.pbi_groups ?? [],
        ],
      );
    }
    const consultant = users['consultant@demo.test']!;
    for (const client of ['user@northwind.test', 'user@contoso.test']) {
      await tx.query('INSERT INTO user_contacts (user_id, consultant_id) VALUES ($1, $2)', [users[client], consultant]);
    }

    for (const [name, pbi, members] of [
      ['Northwind sales', 'NW-Sales', ['user@northwind.test', 'contributor@northwind.test']],
      ['Contoso finance', 'CT-Finance', ['user@contoso.test']],
    ] as const) {
      const group = await insertId(tx, 'INSERT INTO groups (name, pbi_group_name) VALUES ($1, $2)', [name, pbi]);
      for (const member of members) await tx.query('INSERT INTO group_users (group_id, user_id) VALUES ($1, $2)', [group, users[member]]);
    }

    const categories = {
      performance: await insertId(tx, 'INSERT INTO categories (name, color) VALUES ($1, $2)', ['Performance', '#1E88E5']),
      quality: await insertId(tx, 'INSERT INTO categories (name, color) VALUES ($1, $2)', ['Data quality', '#43A047']),
      governance: await insertId(tx, 'INSERT INTO categories (name) VALUES ($1)', ['Governance']),
    };

    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    const { draft, published } = PUBLICATION;
    const advices: Array<{
      title: string;
      subtitle: string;
      description: string;
      status: number;
      audience: 'user' | 'multi_users';
      pinned: boolean;
      category: number;
      entity: number;
      author: string;
      daysAgo: number;
      recipients?: string[];
    }> = [
      {
        title: 'Speed up your monthly sales report',
        subtitle: 'Incremental refresh cuts the load time',
        description: '<p>Switch the <strong>sales</strong> dataset to incremental refresh: only the last month is reloaded.</p>',
        status: published,
        audience: 'multi_users',
        pinned: true,
        category: categories.performance,
        entity: entities.northwind,
        author: 'contributor@northwind.test',
        daysAgo: 12,
      },
      {
        title: 'Clean up duplicate customer records',
        subtitle: 'A quarterly check worth doing',
        description: '<p>Run the duplicate finder on the customer table before the quarterly close.</p>',
        status: published,
        audience: 'multi_users',
        pinned: false,
        category: categories.quality,
        entity: entities.northwind,
        author: 'publisher@demo.test',
        daysAgo: 5,
      },
      {
        title: 'Your personal KPI review',
        subtitle: 'Prepared for Nina',
        description: '<p>Three indicators of your dashboard deserve a closer look this month.</p>',
        status: published,
        audience: 'user',
        pinned: false,
        category: categories.performance,
        entity: entities.northwind,
        author: 'consultant@demo.test',
        daysAgo: 2,
        recipients: ['user@northwind.test'],
      },
      {
        title: 'Draft: access rights policy',
        subtitle: 'Not published yet',
        description: '<p>Who may see which report: a proposal.</p>',
        status: draft,
        audience: 'multi_users',
        pinned: false,
        category: categories.governance,
        entity: entities.northwind,
        author: 'contributor@northwind.test',
        daysAgo: 1,
      },
      {
        title: 'Contoso: plan your budget forecast',
        subtitle: 'Start from last year',
        description: "<p>Reuse last year's model and adjust the growth rates.</p>",
        status: published,
        audience: 'multi_users',
        pinned: true,
        category: categories.performance,
        entity: entities.contoso,
        author: 'consultant@demo.test',
        daysAgo: 8,
      },
      {
        title: 'Contoso: archive closed projects',
        subtitle: 'Lighter reports',
        description: '<p>Archived projects no longer slow down the portfolio report.</p>',
        status: published,
        audience: 'multi_users',
        pinned: false,
        category: categories.governance,
        entity: entities.contoso,
        author: 'consultant@demo.test',
        daysAgo: 3,
      },
    ];
    for (const advice of advices) {
      const id = await insertId(
        tx,
        `INSERT INTO advices (title, subtitle, description, status, audience_type, pinned, category_id, entity_id, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        [
          advice.title,
          advice.subtitle,
          advice.description,
          advice.status,
          advice.audience,
          advice.pinned,
          advice.category,
          advice.entity,
          users[advice.author],
          at(advice.daysAgo),
        ],
      );
      for (const recipient of advice.recipients ?? []) {
        await tx.query('INSERT INTO advice_users (advice_id, user_id) VALUES ($1, $2)', [id, users[recipient]]);
      }
    }

    const news = [
      ['New connector for the report server', 'Release', published, true, categories.performance, 20],
      ['Webinar replay available', 'Event', published, false, categories.quality, 9],
      ['Maintenance window next Sunday', 'Service', published, false, categories.governance, 4],
      ['Draft: summer release notes', 'Release', draft, false, categories.performance, 1],
    ] as const;
    for (const [title, tag, status, pinned, category, daysAgo] of news) {
      await tx.query(
        `INSERT INTO news_items (title, subtitle, description, status, pinned, tag, category_id, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [title, `${tag} news`, `<p>${title}.</p>`, status, pinned, tag, category, users['admin@demo.test'], at(daysAgo)],
      );
    }

    const dashboards = [
      ['Northwind sales overview', 'Sales', 'https://reports.example.com/reports/powerbi/Northwind/Sales', entities.northwind],
      ['Northwind stock levels', 'Supply', 'https://reports.example.com/reports/powerbi/Northwind/Stock', entities.northwind],
      ['Contoso finance cockpit', 'Finance', 'https://reports.example.com/reports/powerbi/Contoso/Finance', entities.contoso],
      ['Contoso project portfolio', 'Projects', 'https://reports.example.com/reports/powerbi/Contoso/Projects', entities.contoso],
    ] as const;
    for (const [title, tag, url, entity] of dashboards) {
      await tx.query(
        `INSERT INTO dashboards (title, tag, description, url, status, entity_id, audience_type) VALUES ($1, $2, $3, $4, $5, $6, 'multi_users')`,
        [title, tag, `${title}, refreshed daily.`, url, published, entity],
      );
    }
    // A draft dashboard (new ones start so), and the demo pictures (their bytes are drawn by the image store).
    await tx.query(
      `INSERT INTO dashboards (title, tag, description, url, status, entity_id, audience_type) VALUES ($1, $2, $3, $4, $5, $6, 'multi_users')`,
      [
        'Northwind margin analysis',
        'Finance',
        'Margins by product line, in preparation.',
        'https://reports.example.com/reports/powerbi/Northwind/Margins',
        draft,
        entities.northwind,
      ],
    );
    const images = await seedDemoImages(tx);
    await tx.query('UPDATE news_items SET banner_image_id = $1 WHERE title = $2', [
      images['demo-banner-release.png'],
      'New connector for the report server',
    ]);
    // Every image type in use: thumbnails on the cards, banners on the details pages, company logos, a portrait.
    const performanceThumbnail = images['demo-thumbnail-performance.png'];
    const qualityThumbnail = images['demo-thumbnail-quality.png'];
    for (const table of ['advices', 'news_items']) {
      await tx.query(`UPDATE ${table} SET thumbnail_image_id = CASE WHEN category_id = $1 THEN $2::int ELSE $3::int END`, [
        categories.performance,
        performanceThumbnail,
        qualityThumbnail,
      ]);
    }
    await tx.query('UPDATE advices SET banner_image_id = $1 WHERE category_id = $2', [
      images['demo-banner-advice.png'],
      categories.performance,
    ]);
    await tx.query('UPDATE entities SET logo_image_id = $1 WHERE id = $2', [images['demo-logo-northwind.png'], entities.northwind]);
    await tx.query('UPDATE entities SET logo_image_id = $1 WHERE id = $2', [images['demo-logo-contoso.png'], entities.contoso]);
    await tx.query('UPDATE users SET profile_image_id = $1 WHERE id = $2', [images['demo-profile-consultant.png'], consultant]);
    // The draft news item is scheduled: the news console shows it as "Scheduled for …".
    await tx.query("UPDATE news_items SET publish_at = $1 WHERE status = $2 AND title = 'Draft: summer release notes'", [
      new Date(now.getTime() + 3 * DAY),
      draft,
    ]);

    // Relative to now, so "upcoming" always has something to show.
    const trainings = [
      ['Power BI basics', 'training', 3, 7],
      ['What is new in the report server', 'webinar', 10, 1],
      ['Data modelling workshop', 'training', 24, 14],
      ['Customer day', 'event', 40, 6],
      ['Row-level security in practice', 'webinar', 55, 1.5],
      ['Advanced DAX', 'training', 80, 10.5],
    ] as const;
    for (const [title, kind, inDays, hours] of trainings) {
      const start = new Date(now.getTime() + inDays * DAY);
      start.setUTCHours(8, 0, 0, 0);
      const end = new Date(start.getTime() + hours * 60 * 60 * 1000);
      const slug = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/(^-|-$)/g, '');
      await tx.query('INSERT INTO trainings (intitule, date_debut, date_fin, duree_heures, slug, kind) VALUES ($1, $2, $3, $4, $5, $6)', [
        title,
        start,
        end,
        hours,
        slug,
        kind,
      ]);
    }
    // Helpdesk tickets: one a Northwind user opened, one by their entity admin, one of Contoso.
    const tickets = [
      ['northwind', 'user@northwind.test', 'Sales report does not refresh', 'The monthly sales report still shows last month.', 'open', 3],
      [
        'northwind',
        'contributor@northwind.test',
        'Two new sales assistants',
        'Please give the two new sales assistants access to the sales dashboards.',
        'in_progress',
        6,
      ],
      ['contoso', 'user@contoso.test', 'Export to Excel fails', 'Exporting the finance cockpit to Excel ends with an error.', 'open', 2],
    ] as const;
    for (const [entity, author, title, description, status, daysAgo] of tickets) {
      await tx.query(
        'INSERT INTO tickets (entity_id, author_id, title, description, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
        [entities[entity], users[author], title, description, status, at(daysAgo)],
      );
    }
    // Nina's discussions with her consultant: a closed one, read on both sides, and an open one
    // whose last message, the consultant's reply, she has not read yet (her pending message).
    const nina = users['user@northwind.test']!;
    for (const discussion of DEMO_DISCUSSIONS) {
      const first = discussion.messages[0]!.daysAgo;
      const last = discussion.messages[discussion.messages.length - 1]!.daysAgo;
      const id = await insertId(
        tx,
        'INSERT INTO discussions (customer_id, consultant_id, status, created_at, closed_at) VALUES ($1, $2, $3, $4, $5)',
        [nina, consultant, discussion.status, at(first), discussion.status === 'closed' ? at(last) : null],
      );
      let parent: number | null = null;
      for (const [index, message] of discussion.messages.entries()) {
        const [from, to] = message.from === 'customer' ? [nina, consultant] : [consultant, nina];
        const unread = discussion.status === 'open' && index === discussion.messages.length - 1;
        parent = await insertId(
          tx,
          'INSERT INTO messages (discussion_id, from_user_id, to_user_id, parent_message_id, message, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [id, from, to, parent, message.text, unread ? 'open' : 'read', at(message.daysAgo)],
        );
      }
    }
    // Collectmaster: collections, folders and files in every state, missing files to send included.
    await seedDemoFiles(tx, entities, { northwind: users['user@northwind.test']!, contoso: users['user@contoso.test']! }, now);
    return true;
  });
}
