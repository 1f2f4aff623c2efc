import multipart from '@fastify/multipart';
import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  IdParamSchema,
  IMAGE_FILE_FIELD,
  ImageCategoryParamSchema,
  ImageFileParamsSchema,
  ImageListSchema,
  ImageSchema,
  isContributor,
  PageQuerySchema,
} from '@hub/shared/api';
import { naming } from '../../../lib/http/field-errors';
import { FILE_REQUIRED, IMAGE_MULTIPART_LIMITS, imageFields, receiveImage } from '../../../lib/images/image-upload';

/** A year: the URL changes (?v=) when the bytes do, so the browser may keep them that long. */
const CACHE = 'public, max-age=31536000, immutable';

const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  // Registered here and in the admin images scope only: no other route parses multipart bodies.
  await fastify.register(multipart, { limits: IMAGE_MULTIPART_LIMITS, throwFileSizeLimit: false });
  const { imagesRepository: images, imageStore: store } = fastify;

  fastify.get(
    '/images/category/:category',
    {
      schema: {
        tags: ['images'],
        params: ImageCategoryParamSchema,
        querystring: PageQuerySchema,
        response: { 200: ImageListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    // A customer lists his own pictures and logo and what content shows to everyone, never another's.
    async (request) => images.listFor(request.session, { ...request.query, category: request.params.category }),
  );

  // Any signed-in user may upload a profile picture; other categories need a contributor or more.
  fastify.post(
    '/images',
    {
      schema: {
        tags: ['images'],
        consumes: ['multipart/form-data'],
        response: { 201: ImageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveImage(request, store);
      try {
        if (!upload.file) throw naming(httpErrors.badRequest(FILE_REQUIRED), IMAGE_FILE_FIELD);
        const fields = imageFields(upload.fields, { create: true });
        if (fields.category !== 'profile' && !isContributor(request.session.rights))
          throw httpErrors.forbidden('Only profile images may be uploaded here');
        const {
          size_bytes: _size,
          mime: _mime,
          created_at: _at,
          ...image
        } = await images.create(upload.file, { ...fields, category: fields.category! }, request.session);
        return reply.code(201).send(image);
      } catch (error) {
        if (upload.file) await store.delete(upload.file.key);
        throw error;
      }
    },
  );

  // Public: <img> tags cannot send a bearer token, and these are banners, logos and profile pictures.
  // The random key of each image makes the URLs unguessable: ids cannot be walked.
  fastify.get(
    '/images/:id/file/:key',
    { config: { public: true }, schema: { tags: ['images'], security: [], params: ImageFileParamsSchema } },
    async (request, reply) => {
      const image = await images.file(request.params.id, request.params.key);
      const stored = image && (await store.get(image.key));
      if (!image || !stored) return reply.notFound('Image not found');
      return reply
        .header('content-type', image.mime)
        .header('content-length', stored.size)
        .header('cache-control', CACHE)
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream);
    },
  );

  // The sequential URL of before the keys: always 404, whatever the id (and not 401 to the anonymous).
  fastify.get(
    '/images/:id/file',
    { config: { public: true }, schema: { tags: ['images'], security: [], params: IdParamSchema } },
    async (_request, reply) => reply.notFound('Image not found'),
  );
};
export default routes;
