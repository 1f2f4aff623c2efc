import multipart from '@fastify/multipart';
import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminImageListQuerySchema,
  AdminImageListSchema,
  AdminImageSchema,
  IdParamSchema,
  IMAGE_FILE_FIELD,
  ImageCategoryParamSchema,
  ImageUsageSchema,
  PageQuerySchema,
} from '@hub/shared/api';
import { naming } from '../../../../lib/http/field-errors';
import { FILE_REQUIRED, IMAGE_MULTIPART_LIMITS, imageFields, receiveImage } from '../../../../lib/images/image-upload';
import { imageUsage } from '../../../../lib/images/image-usage';
import { errorResponses } from '../../error-responses';

const errors = errorResponses(400, 401, 403, 404);

/** The image library in the admin API (contributor or more, checked by the admin scope). */
const routes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(multipart, { limits: IMAGE_MULTIPART_LIMITS, throwFileSizeLimit: false });
  const { imagesRepository: images, imageStore: store } = fastify;
  const tags = ['admin', 'images'];

  fastify.get(
    '/images',
    { schema: { tags, querystring: AdminImageListQuerySchema, response: { 200: AdminImageListSchema, ...errors } } },
    async (request) => images.adminList(request.query, request.session),
  );

  fastify.get(
    '/images/category/:category',
    {
      schema: { tags, params: ImageCategoryParamSchema, querystring: PageQuerySchema, response: { 200: AdminImageListSchema, ...errors } },
    },
    async (request) => images.adminList({ ...request.query, category: request.params.category }, request.session),
  );

  fastify.get(
    '/images/:id',
    { schema: { tags, params: IdParamSchema, response: { 200: AdminImageSchema, ...errors } } },
    async (request, reply) => {
      const image = await images.get(request.params.id, request.session);
      return image ?? reply.notFound('Image not found');
    },
  );

  // What deleting would do: the items that show the image (they keep existing and lose the picture).
  fastify.get(
    '/images/:id/usage',
    { schema: { tags, params: IdParamSchema, response: { 200: ImageUsageSchema, ...errors } } },
    async (request, reply) => {
      if (!(await images.get(request.params.id, request.session))) return reply.notFound('Image not found');
      const usage = await imageUsage(fastify.db, request.params.id);
      return usage ?? reply.notFound('Image not found');
    },
  );

  fastify.post(
    '/images',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: AdminImageSchema, ...errors } } },
    async (request, reply) => {
      const upload = await receiveImage(request, store);
      try {
        if (!upload.file) throw naming(httpErrors.badRequest(FILE_REQUIRED), IMAGE_FILE_FIELD);
        const fields = imageFields(upload.fields, { create: true });
        return reply.code(201).send(await images.create(upload.file, { ...fields, category: fields.category! }, request.session));
      } catch (error) {
        if (upload.file) await store.delete(upload.file.key);
        throw error;
      }
    },
  );

  // Multipart too (docs/product.md §7): any of the fields, and a new file when the picture changes.
  fastify.post(
    '/images/:id',
    { schema: { tags, params: IdParamSchema, consumes: ['multipart/form-data'], response: { 200: AdminImageSchema, ...errors } } },
    async (request, reply) => {
      if (!(await images.get(request.params.id, request.session))) return reply.notFound('Image not found');
      if (!request.isMultipart()) throw httpErrors.badRequest('Send the image as multipart/form-data');
      const upload = await receiveImage(request, store);
      let result;
      try {
        result = await images.update(request.params.id, upload.file, imageFields(upload.fields, { create: false }), request.session);
      } catch (error) {
        if (upload.file) await store.delete(upload.file.key);
        throw error;
      }
      // After the commit: a failure here leaves an unused file, never a row without its bytes.
      if (result.replacedKey)
        await store.delete(result.replacedKey).catch((error: unknown) => request.log.warn({ err: error }, 'old image file not deleted'));
      return result.image;
    },
  );

  fastify.delete(
    '/images/:id',
    { schema: { tags, params: IdParamSchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      if (!(await images.get(request.params.id, request.session))) return reply.notFound('Image not found');
      const key = await images.remove(request.params.id, request.session);
      await store.delete(key).catch((error: unknown) => request.log.warn({ err: error }, 'image file not deleted'));
      return reply.code(204).send(null);
    },
  );
};
export default routes;
