import type { ApiClient, Training, TrainingCreateBody, TrainingKind, TrainingList, TrainingUpdateBody } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ListParams } from '@hub/shared/ui';
import useSWR from 'swr';

export const PAGE_SIZE = 20;

export const trainingsKey = (params: ListParams) => ['admin/trainings', params.page, params.search, params.filters.kind ?? ''] as const;

export function getTrainings(api: ApiClient, params: ListParams): Promise<TrainingList> {
  return api.get<TrainingList>(
    '/trainings',
    {
      page: params.page,
      page_size: PAGE_SIZE,
      search: params.search || undefined,
      kind: (params.filters.kind as TrainingKind) || undefined,
    },
    { silent: true },
  );
}

export function useTrainings(params: ListParams) {
  const { adminApi } = useRemoteProps();
  return useSWR(trainingsKey(params), () => getTrainings(adminApi, params), { keepPreviousData: true });
}

export function useTraining(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : ['admin/training', id], () => adminApi.get<Training>(`/trainings/${id}`, undefined, { silent: true }));
}

export const createTraining = (api: ApiClient, body: TrainingCreateBody) => api.post<Training>('/trainings', body, { silent: true });
export const updateTraining = (api: ApiClient, id: number, body: TrainingUpdateBody) =>
  api.put<Training>(`/trainings/${id}`, body, { silent: true });
export const deleteTraining = (api: ApiClient, id: number) => api.delete<void>(`/trainings/${id}`);
