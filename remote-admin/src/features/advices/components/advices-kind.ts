import type { Advice } from '@hub/shared/api';
import type { PublishableKind } from '../../../components/publishable/publishable-kind';
import { paths } from '../../../paths';
import { advicesApi } from '../api/advices-api';

/** The advices console: an entity's advices, for all its users or for chosen ones (docs/product.md §3). */
export const advicesKind: PublishableKind<Advice> = {
  api: advicesApi,
  listPath: paths.advices,
  words: 'advices',
  fields: ['subtitle', 'category', 'images', 'pinned', 'audience'],
  previewPath: (id) => `/advices/details/${id}?preview=true`,
  entityScoped: true,
  defaultAudience: 'user',
};
