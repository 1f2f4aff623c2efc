import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DB_KIND } from '../../../../test-support/helper';
import { rowId } from '../../../../test-support/content-caller';
import { signedInApp } from '../../../../test-support/signed-in-app';

const CONTRIBUTOR = 'contributor@northwind.test';

describe(`admin advice recipients, searched and paged (${DB_KIND})`, () => {
  const { call } = signedInApp();
  const adviceId = () => rowId('SELECT id FROM advices WHERE title = $1', ['Your personal KPI review']);
  const list = async (query: string) => {
    const answer = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${await adviceId()}/users?${query}`);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json() as { items: Array<{ email: string; selected: boolean }>; total: number; page: number; page_size: number };
  };

  test('should keep one list: the recipients, or the others', async () => {
    const right = await list('selected=true');
    assert.deepEqual(
      right.items.map((user) => user.email),
      ['user@northwind.test'],
    );
    const left = await list('selected=false');
    assert.ok(left.items.length > 0);
    assert.ok(left.items.every((user) => !user.selected));
    assert.ok(!left.items.some((user) => user.email === 'user@northwind.test'));
  });

  test('should search names and e-mails case-insensitively', async () => {
    const found = await list('selected=false&search=CONTRIBUTOR%40NORTHWIND');
    assert.deepEqual(
      found.items.map((user) => user.email),
      [CONTRIBUTOR],
    );
    assert.equal(found.total, 1);
    assert.equal((await list('selected=true&search=nobody-matches-this')).total, 0);
  });

  test('should page a list and count it whole', async () => {
    const all = await list('selected=false');
    assert.ok(all.total >= 2, 'the demo entity has several users');
    const first = await list('selected=false&page=1&page_size=1');
    const second = await list('selected=false&page=2&page_size=1');
    assert.equal(first.items.length, 1);
    assert.equal(first.total, all.total);
    assert.equal(first.page_size, 1);
    assert.notEqual(first.items[0]!.email, second.items[0]!.email);
    assert.equal(second.page, 2);
  });

  test('should refuse a page size above 100', async () => {
    const answer = await call(CONTRIBUTOR, 'GET', `/api/admin/advices/${await adviceId()}/users?page_size=101`);
    assert.equal(answer.statusCode, 400);
  });
});
