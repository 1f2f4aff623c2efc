import { portalPaths, type Advice, type AdviceCreateBody } from '@hub/shared/api';
import { publishableApi, type PublishableKind } from '../../../components/publishable/publishable-api';
import { articleBody } from '../../../components/publishable/publishable-form-values';
import { paths } from '../../../paths';

/** /api/admin/advices: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const advicesApi = publishableApi<Advice, AdviceCreateBody>('advices');

/** The advices console: an entity's advices, for all its users or for chosen ones. */
export const advicesKind: PublishableKind<Advice, AdviceCreateBody> = {
  api: advicesApi,
  listPath: paths.advices,
  words: 'advices',
  fields: ['subtitle', 'category', 'images', 'pinned', 'audience'],
  body: (values) => ({ ...articleBody(values), audience_type: values.audience_type }),
  previewPath: (id) => `${portalPaths.advice(id)}?preview=true`,
  entityScoped: true,
  defaultAudience: 'user',
};
