import { testDb } from '../test-support/helper';

/**
 * Ids from the demo data that the matrix's requests point at, looked up after every reset so
 * that the expectations name items by meaning ("Northwind's published advice"), not by number.
 */
export interface Fixtures {
  northwindEntityId: number;
  contosoEntityId: number;
  /** A published, multi_users advice of Northwind: visible to every Northwind user. */
  northwindAdviceId: number;
  northwindDraftAdviceId: number;
  contosoAdviceId: number;
  /** Content: the pinned published news item, a draft one; Northwind's published and draft dashboards, a Contoso one. */
  newsItemId: number;
  draftNewsItemId: number;
  northwindDashboardId: number;
  northwindDraftDashboardId: number;
  contosoDashboardId: number;
  /** The 'Governance' category, a demo banner image (with its bytes), the first upcoming training. */
  categoryId: number;
  bannerImageId: number;
  /** Its random key, the last segment of its public URL. */
  bannerImageKey: string;
  /** An image row without bytes, for the writes (made on first use), so the demo files stay. */
  spareImageId: number;
  trainingId: number;
  userId: number;
  otherEntityUserId: number;
  contributorId: number;
  consultantId: number;
  administratorId: number;
  /** The Northwind user's open discussion with the consultant (made on first use), the user's message and the consultant's reply. */
  northwindDiscussionId: number;
  userMessageId: number;
  consultantMessageId: number;
  /** An image of category 'profile' uploaded by the Northwind user (made on first use). */
  profileImageId: number;
  /** Northwind's open ticket, opened by the Northwind user. */
  northwindTicketId: number;
  /** The 'Northwind sales' group (NW-Sales). */
  northwindGroupId: number;
  /** Collectmaster: Northwind's 'Sales dashboard 2026', its 'Monthly sales' folder, an uploaded file and a missing one there. */
  northwindCollectionId: number;
  northwindFolderId: number;
  northwindFileId: number;
  northwindMissingFileId: number;
  /** A notification of the Northwind user (made on first use). */
  userNotificationId: number;
}

async function one(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>(sql, params);
  if (!rows[0]) throw new Error(`fixture not found: ${sql} ${JSON.stringify(params)}`);
  return rows[0].id;
}

const userByEmail = (email: string) => one('SELECT id FROM users WHERE email = $1', [email]);
const entityByName = (name: string) => one('SELECT id FROM entities WHERE name = $1', [name]);

async function spareImage(): Promise<number> {
  const { rows } = await (await testDb()).query<{ id: number }>(`SELECT id FROM images WHERE storage_key = 'matrix-spare.png'`);
  if (rows[0]) return rows[0].id;
  return one(
    `INSERT INTO images (name, category, storage_key, mime, size_bytes) VALUES ('Matrix spare', 'banner', 'matrix-spare.png', 'image/png', 68) RETURNING id`,
  );
}

async function profileImage(): Promise<number> {
  const db = await testDb();
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM images WHERE storage_key = 'matrix/profile.png'`);
  if (rows[0]) return rows[0].id;
  // Uploaded by the Northwind user: one may only take one's own picture.
  return one(
    `INSERT INTO images (name, category, storage_key, mime, size_bytes, created_by)
     VALUES ('Matrix profile', 'profile', 'matrix/profile.png', 'image/png', 68, (SELECT id FROM users WHERE email = 'user@northwind.test')) RETURNING id`,
  );
}

async function northwindDiscussion() {
  const [user, consultant] = [await userByEmail('user@northwind.test'), await userByEmail('consultant@demo.test')];
  const db = await testDb();
  const found = await db.query<{ id: number }>(
    `SELECT id FROM discussions WHERE customer_id = $1 AND status = 'open' ORDER BY id LIMIT 1`,
    [user],
  );
  const northwindDiscussionId =
    found.rows[0]?.id ??
    (await one('INSERT INTO discussions (customer_id, consultant_id) VALUES ($1, $2) RETURNING id', [user, consultant]));
  const message = (from: number, to: number, text: string) =>
    one(`SELECT id FROM messages WHERE discussion_id = $1 AND from_user_id = $2 ORDER BY id LIMIT 1`, [northwindDiscussionId, from]).catch(
      () =>
        one('INSERT INTO messages (discussion_id, from_user_id, to_user_id, message) VALUES ($1, $2, $3, $4) RETURNING id', [
          northwindDiscussionId,
          from,
          to,
          text,
        ]),
    );
  const userMessageId = await message(user, consultant, 'Hello, my report is slow.');
  const consultantMessageId = await message(consultant, user, 'I am looking into it.');
  return { northwindDiscussionId, userMessageId, consultantMessageId };
}

async function userNotification(): Promise<number> {
  const user = await userByEmail('user@northwind.test');
  return one(`SELECT id FROM notifications WHERE user_id = $1 ORDER BY id LIMIT 1`, [user]).catch(() =>
    one(
      `INSERT INTO notifications (user_id, kind, event, subject_type, subject_id, title, path)
       VALUES ($1, 'tickets', 'ticket.answered', 'ticket', 1, 'Matrix', '/tickets') RETURNING id`,
      [user],
    ),
  );
}

export async function loadFixtures(): Promise<Fixtures> {
  const northwind = await entityByName('Northwind Traders');
  const contoso = await entityByName('Contoso');
  return {
    northwindEntityId: northwind,
    contosoEntityId: contoso,
    northwindAdviceId: await one(
      `SELECT id FROM advices WHERE entity_id = $1 AND status = 16 AND audience_type = 'multi_users' ORDER BY id LIMIT 1`,
      [northwind],
    ),
    northwindDraftAdviceId: await one('SELECT id FROM advices WHERE entity_id = $1 AND status = 0 ORDER BY id LIMIT 1', [northwind]),
    contosoAdviceId: await one('SELECT id FROM advices WHERE entity_id = $1 AND status = 16 ORDER BY id LIMIT 1', [contoso]),
    newsItemId: await one('SELECT id FROM news_items WHERE status = 16 AND pinned ORDER BY id LIMIT 1'),
    draftNewsItemId: await one('SELECT id FROM news_items WHERE status = 0 ORDER BY id LIMIT 1'),
    northwindDashboardId: await one('SELECT id FROM dashboards WHERE entity_id = $1 AND status = 16 ORDER BY id LIMIT 1', [northwind]),
    northwindDraftDashboardId: await one('SELECT id FROM dashboards WHERE entity_id = $1 AND status = 0 ORDER BY id LIMIT 1', [northwind]),
    contosoDashboardId: await one('SELECT id FROM dashboards WHERE entity_id = $1 AND status = 16 ORDER BY id LIMIT 1', [contoso]),
    categoryId: await one('SELECT id FROM categories WHERE name = $1', ['Governance']),
    bannerImageId: await one(`SELECT id FROM images WHERE storage_key = 'demo-banner-release.png'`),
    bannerImageKey: (
      await (await testDb()).query<{ access_key: string }>(`SELECT access_key FROM images WHERE storage_key = 'demo-banner-release.png'`)
    ).rows[0]!.access_key,
    spareImageId: await spareImage(),
    trainingId: await one('SELECT id FROM trainings WHERE date_debut > now() ORDER BY date_debut LIMIT 1'),
    userId: await userByEmail('user@northwind.test'),
    otherEntityUserId: await userByEmail('user@contoso.test'),
    contributorId: await userByEmail('contributor@northwind.test'),
    consultantId: await userByEmail('consultant@demo.test'),
    administratorId: await userByEmail('admin@demo.test'),
    ...(await northwindDiscussion()),
    profileImageId: await profileImage(),
    northwindTicketId: await one(`SELECT id FROM tickets WHERE entity_id = $1 AND status = 'open' ORDER BY id LIMIT 1`, [northwind]),
    northwindGroupId: await one('SELECT id FROM groups WHERE pbi_group_name = $1', ['NW-Sales']),
    northwindCollectionId: await one(`SELECT id FROM exchange_collections WHERE project = 'Sales dashboard 2026'`),
    northwindFolderId: await one(`SELECT id FROM exchange_folders WHERE name = 'Monthly sales'`),
    northwindFileId: await one(`SELECT id FROM exchange_files WHERE name = 'sales-2026-03.csv'`),
    northwindMissingFileId: await one(`SELECT id FROM exchange_files WHERE name = 'sales-2026-04.csv'`),
    userNotificationId: await userNotification(),
  };
}

/**
 * The fixtures, looked up once per state of the data: `get()` loads them on first use, `stale()`
 * after anything that may have changed the data (an accepted write, a reset) makes the next `get()`
 * look them up again. (Looking them up before every request was about 35 queries a request, half
 * of the matrix's time on PGlite.)
 */
export function fixturesOfTheData(): { get(): Promise<Fixtures>; stale(): void } {
  let loaded: Promise<Fixtures> | null = null;
  return {
    get: () => (loaded ??= loadFixtures()),
    stale: () => {
      loaded = null;
    },
  };
}
