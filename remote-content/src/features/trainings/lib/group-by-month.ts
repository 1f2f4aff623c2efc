import type { Training } from '@hub/shared/api';

export interface MonthGroup {
  /** 'YYYY-MM' of the start, in local time. */
  key: string;
  /** The first day of that month, to format its name. */
  month: Date;
  trainings: Training[];
}

/** Trainings grouped by the month they start in, months and trainings in ascending order. */
export function groupByMonth(trainings: readonly Training[]): MonthGroup[] {
  const groups = new Map<string, MonthGroup>();
  const sorted = [...trainings].sort((a, b) => Date.parse(a.date_debut) - Date.parse(b.date_debut));
  for (const training of sorted) {
    const start = new Date(training.date_debut);
    const key = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`;
    const group = groups.get(key) ?? { key, month: new Date(start.getFullYear(), start.getMonth(), 1), trainings: [] };
    group.trainings.push(training);
    groups.set(key, group);
  }
  return [...groups.values()];
}
