import fp from 'fastify-plugin';
import type { Image, ImageCategory } from '@hub/shared/api';

/** An image as SQL hands it over: `json_build_object(...)` of the images row, or null. */
export interface ImageJson {
  id: number;
  name: string;
  category: ImageCategory;
  description: string | null;
}

/** SQL for one image column: `${imageJsonSql('b')} AS banner` with `LEFT JOIN images b ON …`. */
export function imageJsonSql(alias: string): string {
  return `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'category', ${alias}.category, 'description', ${alias}.description) END`;
}

export interface ImageUrls {
  /** Image URLs are prefixed with the API host (SPEC §9): the one place that builds them. */
  url(id: number): string;
  toImage(json: ImageJson | null): Image | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    imageUrls: ImageUrls;
  }
}

export function createImageUrls(publicUrl: string): ImageUrls {
  const url = (id: number) => `${publicUrl}/api/images/${id}/file`;
  return {
    url,
    toImage: (json) => (json ? { id: json.id, name: json.name, url: url(json.id), category: json.category, description: json.description } : null),
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('imageUrls', createImageUrls(fastify.config.publicUrl));
  },
  { name: 'image-urls', dependencies: ['config'] },
);
