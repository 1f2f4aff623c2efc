// @one-pass: set-based SQL that both databases run alike; it checks the bench's data, not the portal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { scaleCounts, seedScale } from '../../scripts/seed-scale';
import { DB_KIND, resetData, testDb } from '../test-support/helper';

/** The scale seed (npm run seed:scale): what one unit writes, and where, for the bench to measure. */
describe(`the scale seed (${DB_KIND})`, () => {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await (await testDb()).query<{ count: string | number }>(sql, params)).rows[0]!.count);
  const ninaThread = () =>
    count(
      `SELECT count(*) AS count FROM messages m JOIN discussions d ON d.id = m.discussion_id JOIN users u ON u.id = d.customer_id
        WHERE u.email = 'user@northwind.test' AND d.status = 'open'`,
    );
  let before_: { users: number; messages: number; files: number; nina: number };

  before(async () => {
    await resetData();
    before_ = {
      users: await count('SELECT count(*) AS count FROM users'),
      messages: await count('SELECT count(*) AS count FROM messages'),
      files: await count('SELECT count(*) AS count FROM exchange_files'),
      nina: await ninaThread(),
    };
    await seedScale(await testDb(), 2, 'test');
  });

  test('should write two units of every kind, set-based', async () => {
    const unit = scaleCounts(2);
    assert.equal(await count("SELECT count(*) AS count FROM entities WHERE slug LIKE 'scale-test-%'"), unit.companies);
    assert.equal((await count('SELECT count(*) AS count FROM users')) - before_.users, unit.users);
    assert.equal(await count("SELECT count(*) AS count FROM advices WHERE title LIKE 'Scale advice %'"), unit.advices);
    assert.equal(
      await count("SELECT count(*) AS count FROM discussions d JOIN users u ON u.id = d.customer_id WHERE u.email LIKE 'scale-test-%'"),
      unit.discussions,
    );
    assert.equal((await count('SELECT count(*) AS count FROM messages')) - before_.messages, unit.messages + unit.ninaMessages);
    assert.equal((await ninaThread()) - before_.nina, unit.ninaMessages);
    assert.equal(
      await count("SELECT count(*) AS count FROM exchange_collections WHERE project LIKE 'Scale project test %'"),
      unit.collections,
    );
    assert.equal((await count('SELECT count(*) AS count FROM exchange_files')) - before_.files, unit.files);
  });

  test('should give every new customer a consultant, consultant@demo.test one in twenty-five, and spread the messages', async () => {
    const withoutConsultant = await count(
      `SELECT count(*) AS count FROM users u WHERE u.email LIKE 'scale-test-%' AND NOT 'consultant' = ANY (u.rights)
          AND NOT EXISTS (SELECT 1 FROM user_contacts c WHERE c.user_id = u.id)`,
    );
    assert.equal(withoutConsultant, 0);
    const demoConsultant = await count(
      `SELECT count(*) AS count FROM user_contacts c JOIN users u ON u.id = c.user_id JOIN users k ON k.id = c.consultant_id
        WHERE u.email LIKE 'scale-test-%' AND k.email = 'consultant@demo.test'`,
    );
    assert.ok(demoConsultant >= 70 && demoConsultant <= 90, `consultant@demo.test has ${demoConsultant} of 1,992 customers`);
    // 20,000 messages over 1,000 discussions: each has 20, none is left empty.
    const spread = await (
      await testDb()
    ).query<{ least: number; most: number }>(
      `SELECT min(n)::int AS least, max(n)::int AS most FROM (
         SELECT count(m.id) AS n FROM discussions d JOIN users u ON u.id = d.customer_id LEFT JOIN messages m ON m.discussion_id = d.id
          WHERE u.email LIKE 'scale-test-%' GROUP BY d.id) per_discussion`,
    );
    assert.deepEqual(spread.rows[0], { least: 20, most: 20 });
  });

  test("should grow one of Northwind's folders by 200 files a unit, in every state", async () => {
    const folders = await (
      await testDb()
    ).query<{ files: number; states: number }>(
      `SELECT count(*)::int AS files, count(DISTINCT f.state)::int AS states FROM exchange_files f
         JOIN exchange_folders d ON d.id = f.folder_id JOIN exchange_collections c ON c.id = d.collection_id
         JOIN entities e ON e.id = c.entity_id
        WHERE e.slug = 'northwind-traders' AND c.project LIKE 'Scale project test %'
        GROUP BY d.id ORDER BY 1 DESC LIMIT 1`,
    );
    assert.deepEqual(folders.rows[0], { files: 410, states: 4 });
  });
});
