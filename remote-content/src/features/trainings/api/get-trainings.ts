import type { ApiClient, TrainingList, TrainingListQuery } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import useSWR from 'swr';

/** GET /api/trainings/upcoming: those starting after the start of tomorrow, ascending, at most 3. */
export function getUpcomingTrainings(api: ApiClient): Promise<TrainingList> {
  return api.get<TrainingList>('/trainings/upcoming');
}

/** GET /api/trainings: trainings, webinars and events from the last 30 days on, ascending. */
export function getTrainings(api: ApiClient, query: TrainingListQuery = {}): Promise<TrainingList> {
  return api.get<TrainingList>('/trainings', query);
}

export const upcomingTrainingsKey = ['trainings', 'upcoming'] as const;
export const trainingsKey = (query: TrainingListQuery) => ['trainings', query] as const;

export function useUpcomingTrainings() {
  const { api } = useRemoteProps();
  return useDeferredData(useSWR(upcomingTrainingsKey, () => getUpcomingTrainings(api)));
}

export function useTrainings(query: TrainingListQuery = {}) {
  const { api } = useRemoteProps();
  return useDeferredData(useSWR(trainingsKey(query), () => getTrainings(api, query)));
}
