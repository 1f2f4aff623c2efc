import {
  AdminAdviceListQuerySchema,
  AdviceCreateBodySchema,
  AdminAdviceListSchema,
  AdviceSchema,
  AdviceUpdateBodySchema,
} from '@hub/shared/api';
import { audienceContentRoutes } from '../audience-content-routes';

/**
 * Advices in the admin API (contributor or more, checked by the admin scope). A contributor or
 * publisher manages their own entity's advices; another entity's are 404 (ids do not leak).
 */
export default audienceContentRoutes({
  name: 'advices',
  itemType: 'advice',
  schemas: {
    item: AdviceSchema,
    list: AdminAdviceListSchema,
    listQuery: AdminAdviceListQuerySchema,
    createBody: AdviceCreateBodySchema,
    updateBody: AdviceUpdateBodySchema,
  },
  notFound: 'Advice not found',
  repository: (fastify) => fastify.advicesRepository,
});
