import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { ImageCategory } from '@hub/shared/api';
import type { Queryable } from '../db';

/** The demo pictures: rows seeded with the demo data, bytes drawn on start-up when missing. */
export const DEMO_IMAGES: ReadonlyArray<{
  key: string;
  name: string;
  category: ImageCategory;
  description: string;
  rgb: [number, number, number];
  /** Small, at the type's aspect ratio (IMAGE_DISPLAY_SIZES): a plain colour compresses to a few hundred bytes. */
  size: [number, number];
}> = [
  {
    key: 'demo-banner-release.png',
    name: 'Release banner',
    category: 'banner',
    description: 'Banner of the release news',
    rgb: [30, 136, 229],
    size: [480, 120],
  },
  {
    key: 'demo-thumbnail-quality.png',
    name: 'Data quality thumbnail',
    category: 'thumbnail',
    description: 'Thumbnail for data quality content',
    rgb: [67, 160, 71],
    size: [320, 180],
  },
  {
    key: 'demo-banner-advice.png',
    name: 'Advice banner',
    category: 'banner',
    description: 'Banner of the performance advices',
    rgb: [94, 53, 177],
    size: [480, 120],
  },
  {
    key: 'demo-thumbnail-performance.png',
    name: 'Performance thumbnail',
    category: 'thumbnail',
    description: 'Thumbnail for performance content',
    rgb: [251, 140, 0],
    size: [320, 180],
  },
  {
    key: 'demo-profile-consultant.png',
    name: 'Consultant portrait',
    category: 'profile',
    description: 'Profile picture of the consultant',
    rgb: [0, 137, 123],
    size: [128, 128],
  },
  {
    key: 'demo-logo-northwind.png',
    name: 'Northwind Traders logo',
    category: 'logo',
    description: 'Logo of Northwind Traders',
    rgb: [21, 101, 192],
    size: [240, 80],
  },
  {
    key: 'demo-logo-contoso.png',
    name: 'Contoso logo',
    category: 'logo',
    description: 'Logo of Contoso',
    rgb: [198, 40, 40],
    size: [240, 80],
  },
  {
    key: 'demo-description-chart.png',
    name: 'Chart illustration',
    category: 'description',
    description: 'An illustration for descriptions',
    rgb: [117, 117, 117],
    size: [400, 225],
  },
];

/** A plain-coloured PNG, drawn here so that the repository carries no binary files. */
export function demoPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const drawn = new Map<string, Buffer>();
/** A demo picture's bytes, drawn once per process (the tests seed again before each test). */
function demoBytes(image: (typeof DEMO_IMAGES)[number]): Buffer {
  let bytes = drawn.get(image.key);
  if (!bytes) drawn.set(image.key, (bytes = demoPng(...image.size, image.rgb)));
  return bytes;
}

/** Seeds the image rows (inside the demo data's transaction); answers the ids by key. */
export async function seedDemoImages(tx: Queryable): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const image of DEMO_IMAGES) {
    const bytes = demoBytes(image);
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO images (name, category, description, storage_key, mime, size_bytes) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [image.name, image.category, image.description, image.key, 'image/png', bytes.length],
    );
    ids[image.key] = rows[0]!.id;
  }
  return ids;
}

/** What the seed needs of the images' store (lib/images/file-store.ts): the database layer knows no store. */
export interface DemoImageStore {
  get(key: string): Promise<{ stream: Readable } | null>;
  put(key: string, source: Readable): Promise<unknown>;
}

/** Draws the demo pictures whose rows exist but whose bytes are not in the store (a fresh DATA_DIR). */
export async function writeMissingDemoImages(db: Queryable, store: DemoImageStore): Promise<void> {
  const { rows } = await db.query<{ storage_key: string }>('SELECT storage_key FROM images WHERE storage_key = ANY($1)', [
    DEMO_IMAGES.map((image) => image.key),
  ]);
  for (const { storage_key: key } of rows) {
    const found = await store.get(key);
    if (found) {
      found.stream.destroy();
      continue;
    }
    const image = DEMO_IMAGES.find((candidate) => candidate.key === key)!;
    await store.put(key, Readable.from([demoBytes(image)]));
  }
}
