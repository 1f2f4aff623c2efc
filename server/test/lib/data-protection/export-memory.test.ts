// @one-pass: the memory is the export's streaming, not the database's; once a run is enough for a 200 MB export.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { DB_KIND, testDb, userId } from '../../test-support/helper';
import { signedInApp } from '../../test-support/signed-in-app';

/** The export's size at test scale; EXPORT_MEMORY_FILE_MB=1024 gives the full size's figure. */
const FILE_MB = Number(process.env.EXPORT_MEMORY_FILE_MB ?? 200);
const MESSAGES = 20_000;
const FILES = 4;
/** The most an export may add to the server's memory, whatever the person's history. */
const BUDGET_MB = 100;

describe(`a large data export's memory (${DB_KIND})`, () => {
  const hub = signedInApp();

  test(`should stream ${MESSAGES} messages and ${FILE_MB} MB of files in under ${BUDGET_MB} MB of memory`, async (t) => {
    const db = await testDb();
    const nina = await userId('user@northwind.test');
    const { rows: discussion } = await db.query<{ id: number }>('INSERT INTO discussions (customer_id) VALUES ($1) RETURNING id', [nina]);
    await db.query(
      `INSERT INTO messages (discussion_id, from_user_id, message)
       SELECT $1, $2, 'Message ' || n || ': ' || repeat('the quarterly figures, region by region. ', 10) FROM generate_series(1, $3) n`,
      [discussion[0]!.id, nina, MESSAGES],
    );
    // The same 1 MB chunk again and again: writing the files costs the test no memory of its own.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const perFile = Math.ceil(FILE_MB / FILES);
    for (let i = 0; i < FILES; i++) {
      const key = `fx-memory-${i}`;
      await hub.app.exchangeStore.put(
        key,
        Readable.from(
          (function* () {
            for (let mb = 0; mb < perFile; mb++) yield chunk;
          })(),
        ),
      );
      await db.query(
        `INSERT INTO exchange_files (folder_id, name, name_original, size_bytes, storage_key, state, uploaded_by, upload_at)
         SELECT f.id, $2, $2, $3, $4, 2, $1, now()
           FROM exchange_folders f JOIN exchange_collections c ON c.id = f.collection_id JOIN users u ON u.entity_id = c.entity_id
          WHERE u.id = $1 ORDER BY f.id LIMIT 1`,
        [nina, `large-${i}.bin`, perFile * chunk.length, key],
      );
    }

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = Date.now();
    try {
      const created = await hub.call('user@northwind.test', 'POST', '/api/me/exports');
      assert.equal(created.statusCode, 202, created.body);
      await hub.app.dataExports.drain();
      const status = (await hub.call('user@northwind.test', 'GET', `/api/me/exports/${created.json().id}`)).json();
      assert.equal(status.state, 'ready');
      assert.ok(status.size_bytes > perFile * FILES * chunk.length, 'the zip holds the files');
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - before) / 1024 / 1024;
    t.diagnostic(
      `export of ${MESSAGES} messages and ${perFile * FILES} MB of files: RSS grew ${grewMb.toFixed(1)} MB at most, in ${Date.now() - started} ms`,
    );
    assert.ok(grewMb < BUDGET_MB, `RSS grew ${grewMb.toFixed(1)} MB`);
  });
});
