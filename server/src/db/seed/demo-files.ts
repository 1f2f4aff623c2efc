import { Readable } from 'node:stream';
import type { Queryable } from '../db';

/** One demo file: state 1 (missing) has no bytes; the others a small CSV drawn on start-up when missing. */
interface DemoFile {
  name: string;
  state: 1 | 2 | 3 | 4;
  comment?: string;
  daysAgo: number;
}

interface DemoCollection {
  entity: 'northwind' | 'contoso';
  project: string;
  folders: Array<{ name: string; files: DemoFile[] }>;
}

/** Collections of the demo entities, with files in every state and missing slots to fill. */
export const DEMO_COLLECTIONS: readonly DemoCollection[] = [
  {
    entity: 'northwind',
    project: 'Sales dashboard 2026',
    folders: [
      {
        name: 'Monthly sales',
        files: [
          { name: 'sales-2026-01.csv', state: 4, daysAgo: 40 },
          { name: 'sales-2026-02.csv', state: 3, comment: 'The amounts of column F are empty from row 120 on.', daysAgo: 12 },
          { name: 'sales-2026-03.csv', state: 2, daysAgo: 2 },
          { name: 'sales-2026-04.csv', state: 1, comment: 'April sales, as exported from the ERP.', daysAgo: 1 },
        ],
      },
      {
        name: 'Reference data',
        files: [
          { name: 'customers.csv', state: 4, daysAgo: 30 },
          { name: 'products.csv', state: 1, comment: 'The product list with the new categories.', daysAgo: 5 },
        ],
      },
    ],
  },
  {
    entity: 'northwind',
    project: 'Budget forecast',
    folders: [{ name: 'Inputs', files: [{ name: 'budget-2027.xlsx', state: 1, daysAgo: 3 }] }],
  },
  {
    entity: 'contoso',
    project: 'Finance cockpit',
    folders: [
      {
        name: 'Ledgers',
        files: [
          { name: 'general-ledger-q1.csv', state: 4, daysAgo: 20 },
          { name: 'general-ledger-q2.csv', state: 2, daysAgo: 4 },
          { name: 'general-ledger-q3.csv', state: 1, daysAgo: 2 },
        ],
      },
    ],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** The storage key of a demo file's bytes. */
export const demoFileKey = (collection: number, folder: number, file: number) => `demo-file-${collection}-${folder}-${file}.csv`;

/** The bytes of a demo file: a few lines of CSV, the same every time. */
export function demoFileBytes(name: string): Buffer {
  const lines = ['id;label;amount'];
  for (let row = 1; row <= 20; row += 1) lines.push(`${row};${name} row ${row};${(row * 137.5).toFixed(2)}`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Inserts the demo collections, folders and files (the bytes are written by the exchange store on start). */
export async function seedDemoFiles(
  tx: Queryable,
  entities: Record<DemoCollection['entity'], number>,
  uploader: Record<DemoCollection['entity'], number>,
  now: Date,
): Promise<void> {
  for (const [c, collection] of DEMO_COLLECTIONS.entries()) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO exchange_collections (entity_id, project) VALUES ($1, $2) RETURNING id', [
      entities[collection.entity],
      collection.project,
    ]);
    const collectionId = rows[0]!.id;
    for (const [f, folder] of collection.folders.entries()) {
      const folderRows = await tx.query<{ id: number }>('INSERT INTO exchange_folders (collection_id, name) VALUES ($1, $2) RETURNING id', [
        collectionId,
        folder.name,
      ]);
      const folderId = folderRows.rows[0]!.id;
      for (const [i, file] of folder.files.entries()) {
        const at = new Date(now.getTime() - file.daysAgo * DAY);
        const missing = file.state === 1;
        await tx.query(
          `INSERT INTO exchange_files (folder_id, name, name_original, extension, size_bytes, storage_key, state, comment, upload_at, updated_at, uploaded_by, created_at)
           VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9)`,
          [
            folderId,
            file.name,
            extensionOf(file.name),
            missing ? 0 : demoFileBytes(file.name).length,
            missing ? null : demoFileKey(c, f, i),
            file.state,
            file.comment ?? null,
            missing ? null : at,
            at,
            missing ? null : uploader[collection.entity],
          ],
        );
      }
    }
  }
}

/** What the seed needs of the exchanged files' store (lib/file-exchange/exchange-storage.ts): the database layer knows no store. */
export interface DemoFileStore {
  has(key: string): Promise<boolean>;
  put(key: string, source: Readable): Promise<unknown>;
}

/** Writes the demo files' bytes that the store lacks (a fresh DATA_DIR, or a new S3 bucket). */
export async function writeMissingDemoFiles(db: Queryable, store: DemoFileStore): Promise<void> {
  const { rows } = await db.query<{ storage_key: string; name: string }>(
    `SELECT storage_key, name FROM exchange_files WHERE storage_key LIKE 'demo-file-%'`,
  );
  for (const row of rows) {
    if (await store.has(row.storage_key)) continue;
    await store.put(row.storage_key, Readable.from([demoFileBytes(row.name)]));
  }
}
