import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { PAGE_SIZE_MAX, PUBLICATION, SEARCH_COUNT_CAP, type SearchResult } from '@hub/shared/api';
import { DB_KIND, testDb, userId } from '../../../test-support/helper';
import { entityId } from '../../../test-support/caller';
import { signedInApp } from '../../../test-support/signed-in-app';
import { MARK_START, MARK_STOP, safeSnippet } from '../../../../src/lib/search/search-query';

const NINA = 'user@northwind.test';
const CARL = 'user@contoso.test';
const ADMIN = 'admin@demo.test';

describe('safeSnippet', () => {
  test('should escape every markup of a headline and keep only the highlight', () => {
    assert.equal(
      safeSnippet(`<script>alert("x")</script> & ${MARK_START}<b>word</b>${MARK_STOP} ${MARK_STOP}${MARK_START}open`),
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>&lt;b&gt;word&lt;/b&gt;</mark> <mark>open</mark>',
    );
  });
});

describe(`GET /api/search (${DB_KIND})`, () => {
  const { call } = signedInApp({ resetData: false });
  let ninaId = 0;

  // One data set for the whole file (nothing here writes through the API): the demo data plus a
  // few items whose words appear nowhere else.
  before(async () => {
    const db = await testDb();
    ninaId = await userId(NINA);
    const northwind = await entityId('Northwind Traders');
    const contoso = await entityId('Contoso');
    const consultant = await userId('consultant@demo.test');
    const carl = await userId(CARL);
    const advice = (title: string, description: string, entity: number, status: number = PUBLICATION.published, daysAgo = 1) =>
      db.query(
        `INSERT INTO advices (title, subtitle, description, status, audience_type, entity_id, created_at)
         VALUES ($1, NULL, $2, $3, 'multi_users', $4, now() - make_interval(days => $5))`,
        [title, description, status, entity, daysAgo],
      );
    await advice('Trésorerie du trimestre', '<p>Les <strong>rapports</strong> de réconciliation des éléments bancaires.</p>', northwind);
    await advice('Bank reconciliation', '<p>An older advice on bank matching.</p>', northwind, PUBLICATION.published, 30);
    await advice('Clôture', '<p>Reconciliation of the bank, newer.</p>', northwind, PUBLICATION.published, 2);
    await advice('Brouillon quetzal', '<p>Pas encore publié: quetzal et axolotl.</p>', northwind, PUBLICATION.draft);
    await advice('Contoso ocelot', '<p>Only Contoso sees the ocelot.</p>', contoso);
    await advice('<script>alert(1)</script> Zebra notes', '', northwind);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO discussions (customer_id, consultant_id, status, last_activity_at) VALUES ($1, $2, 'open', now()) RETURNING id`,
      [carl, consultant],
    );
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, to_user_id, message) VALUES ($1, $2, $3, 'The zanzibar figures are ready.')`,
      [rows[0]!.id, consultant, carl],
    );
    // Helpdesk tickets whose only rare word is in a reply: Nina's, and Carl's (another company).
    const ticket = async (author: number, entity: number, title: string, replies: string[]) => {
      const created = await db.query<{ id: number }>(
        `INSERT INTO tickets (entity_id, author_id, title, description) VALUES ($1, $2, $3, 'Nothing rare here.') RETURNING id`,
        [entity, author, title],
      );
      for (const [i, message] of replies.entries()) {
        await db.query(
          `INSERT INTO ticket_messages (ticket_id, author_id, from_staff, message, created_at) VALUES ($1, $2, true, $3, now() - make_interval(mins => $4))`,
          [created.rows[0]!.id, consultant, message, replies.length - i],
        );
      }
    };
    await ticket(ninaId, northwind, 'Export stuck', ['We restarted the wombat queue.', 'The wombat export is running again.']);
    await ticket(carl, contoso, 'Contoso export', ['The wombat queue of Contoso is fixed.']);
    await db.query(
      `INSERT INTO trainings (intitule, date_debut) SELECT 'Atelier capybara ' || i, now() + make_interval(days => i % 300) FROM generate_series(1, $1::int) i`,
      [SEARCH_COUNT_CAP + 5],
    );
    // A collection, a folder and a file of Northwind's exchange, found by the same word.
    const collection = await db.query<{ id: number }>(
      `INSERT INTO exchange_collections (entity_id, project) VALUES ($1, 'Tapir project') RETURNING id`,
      [northwind],
    );
    const folder = await db.query<{ id: number }>(
      `INSERT INTO exchange_folders (collection_id, name) VALUES ($1, 'Tapir folder') RETURNING id`,
      [collection.rows[0]!.id],
    );
    await db.query(
      `INSERT INTO exchange_files (folder_id, name, name_original, state, storage_key, entity_id) VALUES ($1, 'tapir.csv', 'tapir-2026.csv', 2, 'tapir-key', 0)`,
      [folder.rows[0]!.id],
    );
    // Older than every one of them: past the newest hundred matches that are ranked.
    await db.query(`INSERT INTO trainings (intitule, date_debut) VALUES ('Capybara', now() - interval '1000 days')`);
  });

  const search = async (email: string, query: Record<string, string>, headers: Record<string, string> = {}) => {
    const response = await call(email, 'GET', `/api/search?${new URLSearchParams(query).toString()}`, { headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as SearchResult;
  };
  const titles = (result: SearchResult) => result.items.map((item) => item.title);
  const invisible = (result: SearchResult) => {
    assert.deepEqual(result.items, []);
    assert.equal(result.total, 0);
    assert.deepEqual(result.counts, []);
    assert.equal(result.suggestion, null);
  };

  test('should find French and English forms, with or without accents, and mark the words in the snippet', async () => {
    for (const q of ['rapport', 'éléments', 'elements', 'réconcilié', 'reconciliations', 'Elements bancaires']) {
      const result = await search(NINA, { q: `${q} ` });
      assert.ok(titles(result).includes('Trésorerie du trimestre'), `${q}: ${JSON.stringify(titles(result))}`);
    }
    const hit = (await search(NINA, { q: 'elements ' })).items.find((item) => item.title === 'Trésorerie du trimestre')!;
    assert.match(hit.snippet, /<mark>éléments<\/mark>/);
    assert.equal(hit.kind, 'advice');
    assert.match(hit.path, /^\/advices\/details\/\d+$/);
    assert.doesNotMatch(hit.snippet, /<strong>|<p>/);
  });

  test('should take the last word as a prefix while typing, and not once a space follows it', async () => {
    assert.ok(titles(await search(NINA, { q: 'tréso' })).includes('Trésorerie du trimestre'));
    // A finished word is a word: "tréso" alone is not one, so what is found is only a correction.
    const finished = await search(NINA, { q: 'tréso ' });
    assert.equal(finished.corrected, true);
    assert.notEqual(finished.suggestion, null);
  });

  test('should forgive a typo and suggest the corrected word', async () => {
    const result = await search(NINA, { q: 'reconcilaition ' });
    assert.ok(titles(result).includes('Trésorerie du trimestre'), JSON.stringify(titles(result)));
    assert.equal(result.suggestion, 'reconciliation');
    assert.equal(result.corrected, true);
    // What the corrected word finds is ranked by it: the title above the bodies, as for the word itself.
    const ranked = await search(NINA, { q: 'reconcilaition ', kinds: 'advice' });
    assert.deepEqual(titles(ranked), ['Bank reconciliation', 'Trésorerie du trimestre', 'Clôture']);
  });

  test('should rank an exact title first, then newer first', async () => {
    const result = await search(NINA, { q: 'bank reconciliation ', kinds: 'advice' });
    assert.equal(titles(result)[0], 'Bank reconciliation');
    // The title above the bodies; the two bodies rank alike, so the newer one comes first.
    const ranked = await search(NINA, { q: 'réconciliation ', kinds: 'advice' });
    assert.deepEqual(titles(ranked), ['Bank reconciliation', 'Trésorerie du trimestre', 'Clôture']);
  });

  test('should never find, count, suggest or snippet a draft, another company’s advice or another person’s discussion', async () => {
    for (const q of ['quetzal ', 'quetzl ', 'ocelot ', 'ocelo', 'zanzibar ', 'zanzibr ']) invisible(await search(NINA, { q }));
    // Their exact titles too: that such a title exists decides only whether it is looked up.
    for (const q of ['Brouillon quetzal', 'Contoso ocelot ']) invisible(await search(NINA, { q }));
    // The drafts are found by who may edit them, when they ask.
    assert.deepEqual(titles(await search('contributor@northwind.test', { q: 'quetzal ', includes_unpublished: 'true' })), [
      'Brouillon quetzal',
    ]);
    // Their owners find them.
    assert.deepEqual(titles(await search(CARL, { q: 'zanzibar ' })), ['Consultant Colin'.split(' ').reverse().join(' ')]);
    assert.deepEqual(titles(await search(CARL, { q: 'ocelot ' })), ['Contoso ocelot']);
    // A message is its recipient's and its sender's (read as two parts, to them and by them): once
    // each, and within the dates asked only.
    const sent = await search('consultant@demo.test', { q: 'zanzibar ', kinds: 'message' });
    assert.deepEqual(
      sent.items.map((item) => item.kind),
      ['message'],
    );
    assert.deepEqual(sent.counts, [{ kind: 'message', count: 1, capped: false }]);
    assert.equal(sent.items[0]!.path, '/contact');
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await search(CARL, { q: 'zanzibar ', to: today })).total, 1);
    invisible(await search(CARL, { q: 'zanzibar ', from: '2099-01-01' }));
  });

  test('should search as the displayed person in both display-as modes', async () => {
    const headers = { 'display-as-user-id': String(ninaId) };
    for (const query of [{}, { includes_unpublished: 'true' }] as Record<string, string>[]) {
      for (const q of ['ocelot ', 'ocelo', 'zanzibar ']) invisible(await search(ADMIN, { q, ...query }, headers));
      assert.ok(titles(await search(ADMIN, { q: 'elements ', ...query }, headers)).includes('Trésorerie du trimestre'));
    }
    invisible(await search(ADMIN, { q: 'quetzal ' }, headers));
    assert.deepEqual(titles(await search(ADMIN, { q: 'quetzal ', includes_unpublished: 'true' }, headers)), ['Brouillon quetzal']);
  });

  test('should find a ticket by a word of its replies, once, with the latest reply as snippet, never another company’s', async () => {
    const found = await search(NINA, { q: 'wombat ', kinds: 'ticket' });
    assert.deepEqual(titles(found), ['Export stuck']);
    assert.equal(found.items[0]!.path, '/tickets');
    assert.match(found.items[0]!.snippet, /export is running again/);
    assert.match(found.items[0]!.snippet, /<mark>wombat<\/mark>/);
    assert.deepEqual(titles(await search(CARL, { q: 'wombat ', kinds: 'ticket' })), ['Contoso export']);
    // A typo finds it too, through the corrected word (the replies' words are known).
    assert.deepEqual(titles(await search(NINA, { q: 'wombta ', kinds: 'ticket' })), ['Export stuck']);
  });

  test('should open an exchange hit at its company, collection and folder', async () => {
    const found = await search(NINA, { q: 'tapir ', kinds: 'collection,folder,file' });
    const paths = Object.fromEntries(found.items.map((item) => [item.kind, item.path]));
    assert.match(paths.collection ?? '', /^\/collectmaster\/northwind-traders\/\d+$/);
    assert.match(paths.folder ?? '', /^\/collectmaster\/northwind-traders\/\d+\/\d+$/);
    assert.equal(paths.file, paths.folder);
    invisible(await search(CARL, { q: 'tapir ' }));
  });

  test('should return a title holding <script> as text and an escaped snippet', async () => {
    const [hit] = (await search(NINA, { q: 'zebra ' })).items;
    assert.equal(hit?.title, '<script>alert(1)</script> Zebra notes');
    assert.doesNotMatch(hit!.snippet, /<(?!\/?mark>)/);
    assert.match(hit!.snippet, /<mark>Zebra<\/mark> notes/);
  });

  test('should rank the newest hundred matches of a kind, and an exact title first however old', async () => {
    const [first, ...others] = titles(await search(NINA, { q: 'capybara ', kinds: 'training', page_size: '3' }));
    assert.equal(first, 'Capybara');
    assert.deepEqual(
      others.map((title) => title.startsWith('Atelier capybara ')),
      [true, true],
    );
  });

  test('should cap the counts, bound the page size and page through the hits', async () => {
    const result = await search(NINA, { q: 'capybara ', page_size: '7', page: '2' });
    assert.deepEqual(result.counts, [{ kind: 'training', count: SEARCH_COUNT_CAP, capped: true }]);
    assert.equal(result.total_capped, true);
    assert.equal(result.items.length, 7);
    assert.equal(result.page, 2);
    const tooMany = await call(NINA, 'GET', `/api/search?q=capybara&page_size=${PAGE_SIZE_MAX + 1}`);
    assert.equal(tooMany.statusCode, 400);
  });

  test('should page through the ranked matches without a hit twice: the newest past the cap, and the exact title', async () => {
    const pages = [];
    const half = SEARCH_COUNT_CAP / 2;
    for (const page of ['1', '2', '3', '4']) pages.push(await search(NINA, { q: 'capybara ', page_size: String(half), page }));
    assert.deepEqual(
      pages.map((result) => result.items.length),
      [half, half, 2, 0],
    );
    const ids = pages.flatMap((result) => result.items.map((item) => item.id));
    assert.equal(new Set(ids).size, SEARCH_COUNT_CAP + 2);
    assert.equal(pages[0]!.items[0]!.title, 'Capybara');
    assert.ok(pages.every((result) => result.total === SEARCH_COUNT_CAP && result.total_capped));
  });

  test('should search the consoles’ scope for staff only: drafts by a word of their body, people for administrators', async () => {
    assert.equal((await call(NINA, 'GET', '/api/search?q=nina&scope=admin')).statusCode, 403);
    const draft = await search('contributor@northwind.test', { q: 'publié ', scope: 'admin' });
    assert.deepEqual(
      draft.items.map((item) => [item.title, item.path.replace(/\d+$/, 'N')]),
      [['Brouillon quetzal', '/entity/admin/advices/details/N']],
    );
    const people = await search(ADMIN, { q: 'nina ', scope: 'admin', kinds: 'user,company,group' });
    assert.deepEqual(
      people.items.map((item) => [item.kind, item.title]),
      [['user', 'Nina North']],
    );
    const entityStaff = await search('contributor@northwind.test', { q: 'carl ', scope: 'admin' });
    assert.deepEqual(entityStaff.items, []);
  });

  test('should let the advices console’s search box find a draft by a word of its body', async () => {
    const response = await call('contributor@northwind.test', 'GET', `/api/admin/advices?search=axolotl`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      response.json().items.map((item: { title: string }) => item.title),
      ['Brouillon quetzal'],
    );
  });
});
