import fp from 'fastify-plugin';
import { createImageUrls, type ImageUrls } from '../../../lib/images/image-json';

declare module 'fastify' {
  interface FastifyInstance {
    imageUrls: ImageUrls;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('imageUrls', createImageUrls(fastify.config.publicUrl));
  },
  { name: 'image-urls', dependencies: ['config'] },
);
