import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { PAGE_SIZE_MAX, PUBLICATION, type SearchKind, type SearchResult } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../test-support/helper';
import { entityId } from '../../test-support/caller';
import { filesCaller } from '../../test-support/files-caller';
import { signedInApp } from '../../test-support/signed-in-app';

// Each kind's search applies the visibility of the kind's own list (lib/search/kinds/): for every
// kind, person and context below, the items holding a rare word that the kind's list shows are
// exactly those the search finds. The lists are called as the browser calls them.

const WORD = 'quokka';
const NINA = 'user@northwind.test';
const CARL = 'user@contoso.test';
const CONTRIBUTOR = 'contributor@northwind.test';
const PUBLISHER = 'publisher@demo.test';
const ADMIN = 'admin@demo.test';

interface Context {
  name: string;
  email: string;
  headers?: Record<string, string>;
  unpublished?: boolean;
  /** How many of the advices below the person's list shows: the lists are not empty by mistake. */
  advices?: number;
}

describe(`search and lists see the same items (${DB_KIND})`, () => {
  const hub = signedInApp({ resetData: false });
  const { call } = hub;
  const files = filesCaller(
    () => hub.app,
    () => hub.idp,
  );
  let northwind = 0;
  let contoso = 0;
  let ninaId = 0;

  before(async () => {
    const db = await testDb();
    northwind = await entityId('Northwind Traders');
    contoso = await entityId('Contoso');
    ninaId = await userId(NINA);
    const carl = await userId(CARL);
    const contributor = await userId(CONTRIBUTOR);
    const content = async (table: 'advices' | 'dashboards', title: string, entity: number, status: number, addressedTo?: number) => {
      const url = table === 'dashboards' ? `, url` : '';
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO ${table} (title, status, audience_type, entity_id${url})
         VALUES ($1, $2, $3, $4${table === 'dashboards' ? `, 'https://reports.test/r'` : ''}) RETURNING id`,
        [title, status, addressedTo === undefined ? 'multi_users' : 'user', entity],
      );
      if (addressedTo !== undefined) {
        const recipients = table === 'advices' ? 'advice_users (advice_id' : 'dashboard_users (dashboard_id';
        await db.query(`INSERT INTO ${recipients}, user_id) VALUES ($1, $2)`, [rows[0]!.id, addressedTo]);
      }
    };
    for (const table of ['advices', 'dashboards'] as const) {
      await content(table, `${WORD} for Northwind`, northwind, PUBLICATION.published);
      await content(table, `${WORD} draft`, northwind, PUBLICATION.draft);
      await content(table, `${WORD} for Nina`, northwind, PUBLICATION.published, ninaId);
      await content(table, `${WORD} for the contributor`, northwind, PUBLICATION.published, contributor);
      await content(table, `${WORD} for Contoso`, contoso, PUBLICATION.published);
    }
    await db.query(`INSERT INTO news_items (title, status) VALUES ($1, $2), ($3, $4)`, [
      `${WORD} news`,
      PUBLICATION.published,
      `${WORD} news draft`,
      PUBLICATION.draft,
    ]);
    await db.query(`INSERT INTO trainings (intitule, date_debut) VALUES ($1, now() + interval '3 days')`, [`${WORD} training`]);
    await db.query(
      `INSERT INTO tickets (entity_id, author_id, title, description) VALUES ($1, $2, $3, ''), ($1, $4, $5, ''), ($6, $7, $8, '')`,
      [northwind, ninaId, `${WORD} Nina's ticket`, contributor, `${WORD} contributor's ticket`, contoso, carl, `${WORD} Contoso ticket`],
    );
    await db.query(`INSERT INTO exchange_collections (entity_id, project) VALUES ($1, $2), ($3, $4)`, [
      northwind,
      `${WORD} Northwind project`,
      contoso,
      `${WORD} Contoso project`,
    ]);
    await db.query(
      `INSERT INTO users (email, first_name, last_name, entity_id, rights) VALUES ($1, 'Quokka', 'North', $2, '{ROLE_USER}'), ($3, 'Quokka', 'Conto', $4, '{ROLE_USER}')`,
      [`${WORD}.north@northwind.test`, northwind, `${WORD}.conto@contoso.test`, contoso],
    );
  });

  const get = async (context: Context, url: string) => {
    const response = await call(context.email, 'GET', url, { headers: context.headers ?? {} });
    assert.equal(response.statusCode, 200, `${context.name}: GET ${url}: ${response.body}`);
    return response.json() as { items: Array<{ id: number; title?: string; intitule?: string; project?: string; first_name?: string }> };
  };
  const unpublished = (context: Context) => (context.unpublished ? '&includes_unpublished=true' : '');
  // The ids of a list's items that hold the word, however the list names them.
  const holding = (items: Array<{ id: number; title?: string; intitule?: string; project?: string; first_name?: string }>) =>
    items
      .filter((item) => (item.title ?? item.intitule ?? item.project ?? item.first_name ?? '').toLowerCase().includes(WORD))
      .map((item) => item.id)
      .sort((a, b) => a - b);
  const searched = async (context: Context, kind: SearchKind, scope: 'portal' | 'admin') => {
    const result = (await get(
      context,
      `/api/search?q=${WORD}%20&kinds=${kind}&page_size=${PAGE_SIZE_MAX}${scope === 'admin' ? '&scope=admin' : ''}${unpublished(context)}`,
    )) as unknown as SearchResult;
    assert.ok(!result.total_capped);
    return result.items.map((item) => item.id).sort((a, b) => a - b);
  };

  const portal: Context[] = [
    { name: 'a customer', email: NINA, advices: 2 },
    { name: 'a customer of another company', email: CARL, advices: 1 },
    { name: 'a contributor', email: CONTRIBUTOR, advices: 2 },
    { name: 'a contributor asking for unpublished items', email: CONTRIBUTOR, unpublished: true, advices: 3 },
    { name: 'a customer asking for unpublished items', email: NINA, unpublished: true, advices: 2 },
    { name: 'an administrator displaying a customer', email: ADMIN, headers: { 'display-as-user-id': '' }, advices: 2 },
    {
      name: 'an administrator displaying a customer, unpublished',
      email: ADMIN,
      headers: { 'display-as-user-id': '' },
      unpublished: true,
      advices: 3,
    },
  ];
  const portalLists: Array<[SearchKind, (context: Context) => Promise<number[]>]> = [
    ['advice', async (context) => holding((await get(context, `/api/advices?page_size=${PAGE_SIZE_MAX}${unpublished(context)}`)).items)],
    [
      'dashboard',
      async (context) => holding((await get(context, `/api/dashboards?page_size=${PAGE_SIZE_MAX}${unpublished(context)}`)).items),
    ],
    ['news', async (context) => holding((await get(context, `/api/news-items?page_size=${PAGE_SIZE_MAX}${unpublished(context)}`)).items)],
    ['training', async (context) => holding((await get(context, `/api/trainings?page_size=${PAGE_SIZE_MAX}`)).items)],
    ['ticket', async (context) => holding((await get(context, `/api/tickets?page_size=${PAGE_SIZE_MAX}`)).items)],
  ];

  for (const context of portal) {
    test(`the portal, as ${context.name}`, async () => {
      if (context.headers?.['display-as-user-id'] === '') context.headers['display-as-user-id'] = String(ninaId);
      for (const [kind, list] of portalLists) {
        const listed = await list(context);
        if (kind === 'advice') assert.equal(listed.length, context.advices, `${context.name}: the advices listed`);
        assert.deepEqual(await searched(context, kind, 'portal'), listed, `${context.name}: ${kind}`);
      }
    });
  }

  test('the portal’s collections, as the file exchange lists them', async () => {
    for (const [context, slugs] of [
      [{ name: 'a customer', email: NINA }, ['northwind-traders']],
      [{ name: 'a customer of another company', email: CARL }, ['contoso']],
      [{ name: 'the staff', email: ADMIN }, ['northwind-traders', 'contoso']],
    ] as Array<[Context, string[]]>) {
      const listed: number[] = [];
      for (const slug of slugs) {
        const response = await files.call(context.email, 'GET', `/api/v2/entity/${slug}/collections?page_size=100`);
        assert.equal(response.statusCode, 200, response.body);
        listed.push(...holding((response.json() as { items: Array<{ id: number; project: string }> }).items));
      }
      assert.deepEqual(
        await searched(context, 'collection', 'portal'),
        listed.sort((a, b) => a - b),
        context.name,
      );
    }
    // In display-as the file exchange answers 403: the search finds none of it either.
    const displaying = { name: 'display-as', email: ADMIN, headers: { 'display-as-user-id': String(ninaId) } };
    assert.deepEqual(await searched(displaying, 'collection', 'portal'), []);
  });

  test('the consoles', async () => {
    const inForce = (id: number) => ({ 'x-entity-id': String(id) });
    const contexts: Context[] = [
      { name: 'a contributor', email: CONTRIBUTOR },
      { name: 'the publisher’s staff', email: PUBLISHER },
      { name: 'an administrator', email: ADMIN },
      { name: 'an administrator in a company', email: ADMIN, headers: inForce(0) },
    ];
    for (const context of contexts) {
      if (context.headers?.['x-entity-id'] === '0') context.headers['x-entity-id'] = String(contoso);
      for (const [kind, url] of [
        ['advice', '/api/admin/advices'],
        ['dashboard', '/api/admin/dashboards'],
        ['news', '/api/admin/news-items'],
      ] as const) {
        const listed = holding((await get(context, `${url}?page_size=${PAGE_SIZE_MAX}`)).items);
        assert.deepEqual(await searched(context, kind, 'admin'), listed, `${context.name}: ${kind}`);
      }
    }
    // People: all of them in the administrators' console, the company's in a contributor's.
    const everyone = holding(
      (await get({ name: 'admin', email: ADMIN }, `/api/admin/users?page_size=${PAGE_SIZE_MAX}&search=${WORD}`)).items,
    );
    assert.equal(everyone.length, 2);
    assert.deepEqual(await searched({ name: 'admin', email: ADMIN }, 'user', 'admin'), everyone);
    const company = holding(
      (await get({ name: 'c', email: CONTRIBUTOR }, `/api/admin/users/entity/${northwind}?page_size=${PAGE_SIZE_MAX}`)).items,
    );
    assert.equal(company.length, 1);
    assert.deepEqual(await searched({ name: 'c', email: CONTRIBUTOR }, 'user', 'admin'), company);
  });
});
