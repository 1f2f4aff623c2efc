import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { PUBLICATION } from '@hub/shared/api';
import type { Session } from '../../../src/lib/auth/session';
import type { UserRecord } from '../../../src/lib/auth/user-record';
import { search, type SearchRequest } from '../../../src/lib/search/search';
import { selectivity, WALK_FROM, WORD_STATS_MAX_AGE_MS, wordStats } from '../../../src/lib/search/search-plan';
import { DB_KIND, testDb, userId } from '../../test-support/helper';
import { entityId } from '../../test-support/caller';

// A large kind's newest matches are read either by walking its date index or from its words'
// index (search-plan.ts): a choice of speed only. Both ways must find, count and rank the same.
describe(`the two ways of reading a kind's newest matches (${DB_KIND})`, () => {
  const sessionOf = async (email: string): Promise<Session> => {
    const db = await testDb();
    const { rows } = await db.query<UserRecord>(
      `SELECT id, email, first_name, last_name, rights, entity_id, 0 AS token_version FROM users WHERE email = $1`,
      [email],
    );
    const user = rows[0]!;
    return { user, actor: user, rights: user.rights, displayAs: false, entityId: user.entity_id, mainAdminPage: false };
  };

  before(async () => {
    const db = await testDb();
    const northwind = await entityId('Northwind Traders');
    const contoso = await entityId('Contoso');
    const nina = await userId('user@northwind.test');
    const consultant = await userId('consultant@demo.test');
    // A word held by a third of Northwind's advices (a fifth of them drafts) and by Contoso's, on
    // different days, so that walking newest first and sorting every match can disagree.
    await db.query(
      `INSERT INTO advices (title, description, status, audience_type, entity_id, created_at)
       SELECT CASE WHEN i % 7 = 0 THEN 'Walrus' ELSE 'Note ' || i END,
              '<p>' || CASE WHEN i % 3 = 0 THEN 'The walrus count, month ' ELSE 'Seal figures, month ' END || i || '</p>',
              CASE WHEN i % 5 = 0 THEN $3::int ELSE $4::int END, 'multi_users',
              CASE WHEN i % 4 = 0 THEN $2::int ELSE $1::int END, now() - make_interval(days => (i * 37) % 90)
         FROM generate_series(1, 150) i`,
      [northwind, contoso, PUBLICATION.draft, PUBLICATION.published],
    );
    await db.query(
      `INSERT INTO news_items (title, description, status, created_at)
       SELECT 'News ' || i, CASE WHEN i % 2 = 0 THEN 'A walrus was seen' ELSE 'Nothing seen' END, $1::int, now() - make_interval(hours => i)
         FROM generate_series(1, 60) i`,
      [PUBLICATION.published],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO discussions (customer_id, consultant_id, status, last_activity_at) VALUES ($1, $2, 'closed', now()) RETURNING id`,
      [nina, consultant],
    );
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message, created_at)
       SELECT $1, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, CASE WHEN i % 2 = 0 THEN $3::int ELSE $2::int END,
              CASE WHEN i % 3 = 0 THEN 'About the walrus, ' ELSE 'About the seal, ' END || i, now() - make_interval(mins => i)
         FROM generate_series(1, 90) i`,
      [rows[0]!.id, nina, consultant],
    );
    const folder = await db.query<{ id: number }>(
      `WITH c AS (INSERT INTO exchange_collections (entity_id, project) VALUES ($1, 'Marine') RETURNING id)
       INSERT INTO exchange_folders (collection_id, name) SELECT id, 'Counts' FROM c RETURNING id`,
      [northwind],
    );
    await db.query(
      `INSERT INTO exchange_files (folder_id, name, name_original, extension, comment)
       SELECT $1, 'file-' || i || '.csv', CASE WHEN i % 2 = 0 THEN 'walrus-' ELSE 'seal-' END || i || '.csv', 'csv', 'count ' || i
         FROM generate_series(1, 40) i`,
      [folder.rows[0]!.id],
    );
    // Titles only similar to a typo ("walrsu"), whose words the correction ("walrus") does not
    // find, older than every other match: where the correction finds under five (before their
    // dates), the fallback finds them by their titles alone.
    await db.query(
      `INSERT INTO advices (title, description, status, audience_type, entity_id, created_at)
       VALUES ('Walrush', '<p>Nothing about seals</p>', $2, 'multi_users', $1, now() - interval '200 days')`,
      [northwind, PUBLICATION.published],
    );
    await db.query(
      `INSERT INTO exchange_files (folder_id, name, name_original, extension, comment, upload_at)
       VALUES ($1, 'file-old', 'Walrush', '', 'old', now() - interval '200 days')`,
      [folder.rows[0]!.id],
    );
    await db.exec('ANALYZE advices; ANALYZE news_items; ANALYZE messages; ANALYZE exchange_files');
  });

  const request = (q: string, scope: 'portal' | 'admin', page = 1): SearchRequest => ({
    q,
    kinds: null,
    scope,
    page,
    pageSize: 20,
    includesUnpublished: false,
  });

  test('should find, count and rank the same either way, for a customer and in the consoles', async () => {
    const db = await testDb();
    const callers = [
      { session: await sessionOf('user@northwind.test'), scope: 'portal' as const },
      { session: await sessionOf('admin@demo.test'), scope: 'admin' as const },
    ];
    for (const { session, scope } of callers) {
      for (const [q, page] of [
        ['walrus', 1],
        ['walrus', 2],
        ['walrus count', 1],
        ['walr', 1],
        ['walrsu ', 1],
        ['seal figures', 1],
      ] as const) {
        const walked = await search(db, session, { ...request(q, scope, page), way: 'walk' });
        const indexed = await search(db, session, { ...request(q, scope, page), way: 'index' });
        assert.deepEqual(walked, indexed, `${session.user.email} ${q} page ${page}`);
        const chosen = await search(db, session, request(q, scope, page));
        assert.deepEqual(chosen, indexed, `${session.user.email} ${q} page ${page}, the way chosen`);
        if (page === 1) assert.ok(indexed.total > 0, `${session.user.email} finds ${q}`);
      }
    }
    // A typo's fallback: where the correction finds under five, the titles only similar to it
    // are found, either way; where it finds more, only what it finds.
    const before = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
    for (const { session, scope } of callers) {
      const typo = { ...request('walrsu ', scope), kinds: ['advice', 'file'] as SearchRequest['kinds'], pageSize: 100 };
      const old = { ...typo, to: before };
      const walked = await search(db, session, { ...old, way: 'walk' });
      assert.deepEqual(walked, await search(db, session, { ...old, way: 'index' }), `${session.user.email} walrsu`);
      const titles = walked.items.map((item) => item.title);
      assert.ok(titles.includes('Walrush'), `${session.user.email}: ${titles.join(', ')}`);
      if (scope === 'portal') assert.equal(titles.filter((title) => title === 'Walrush').length, 2, titles.join(', '));
      const corrected = await search(db, session, typo);
      assert.ok(corrected.total >= 5, `${session.user.email}: ${corrected.total}`);
      assert.equal(corrected.suggestion, 'walrus');
      assert.ok(!corrected.items.some((item) => item.title === 'Walrush'), corrected.items.map((item) => item.title).join(', '));
    }
    // Not vacuous: the customer sees the walrus in advices, news, messages and files.
    const nina = await search(db, callers[0]!.session, { ...request('walrus', 'portal'), way: 'walk' });
    assert.deepEqual(nina.counts.map((count) => count.kind).sort(), ['advice', 'file', 'message', 'news']);
  });

  test('should choose to walk for a word a third of the rows hold, and not for a typo', async () => {
    const db = await testDb();
    const stats = await wordStats(db, Date.now() + WORD_STATS_MAX_AGE_MS);
    const advices = stats.get('advices');
    assert.ok(advices, `statistics of advices.search: ${[...stats.keys()].join(', ')}`);
    assert.ok(selectivity("'walrus'", advices)! >= WALK_FROM, String(selectivity("'walrus'", advices)));
    assert.ok(selectivity("'walrsu'", advices)! < WALK_FROM);
  });
});
