import type { Advice, AdviceCreateBody, AdviceUpdateBody } from '@hub/shared/api';
import { publishableApi } from '../../../components/publishable/publishable-api';

/** /api/admin/advices: fetchers, SWR keys and hooks (list, item, writes that revalidate the list). */
export const advicesApi = publishableApi<Advice, AdviceCreateBody, AdviceUpdateBody>('advices');
export const { getList: getAdvices, listKey: advicesKey, useList: useAdvices, getItem: getAdvice, useItem: useAdvice } = advicesApi;
