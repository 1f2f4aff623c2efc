import { createHash } from 'node:crypto';
import type { Image, ImageCategory } from '@hub/shared/api';

/** An image as SQL hands it over: `json_build_object(...)` of the images row, or null. */
export interface ImageJson {
  id: number;
  name: string;
  category: ImageCategory;
  description: string | null;
  /** The random key in the URL of the bytes (images.access_key): ids alone cannot be walked. */
  k: string;
  /** Changes when the bytes are replaced, so that a long browser cache never shows the old picture. */
  v?: string | null;
}

/** The `v` of an image URL in JavaScript, as imageJsonSql computes it in SQL. */
export const imageVersion = (storageKey: string) => createHash('md5').update(storageKey).digest('hex').slice(0, 10);

/** SQL for one image column: `${imageJsonSql('b')} AS banner` with `LEFT JOIN images b ON …`. */
export function imageJsonSql(alias: string): string {
  return `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'category', ${alias}.category, 'description', ${alias}.description, 'k', ${alias}.access_key, 'v', left(md5(${alias}.storage_key), 10)) END`;
}

export interface ImageUrls {
  /** Image URLs are prefixed with the API host (docs/product.md §9): the one place that builds them. */
  url(id: number, key: string, version?: string | null): string;
  toImage(json: ImageJson | null): Image | null;
}

export function createImageUrls(publicUrl: string): ImageUrls {
  const url = (id: number, key: string, version?: string | null) =>
    `${publicUrl}/api/images/${id}/file/${encodeURIComponent(key)}${version ? `?v=${version}` : ''}`;
  return {
    url,
    toImage: (json) =>
      json
        ? { id: json.id, name: json.name, url: url(json.id, json.k, json.v), category: json.category, description: json.description }
        : null,
  };
}
