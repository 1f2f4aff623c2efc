/**
 * A duration in hours as the trainings page shows it (docs/product.md §9): 1.5 → '1h30min', 2 → '2h',
 * 0.75 → '45min'. Rounded to the minute; null, negative or not a number → ''.
 */
export function formatDuration(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours <= 0) return '';
  const totalMinutes = Math.round(hours * 60);
  const h = Math.floor(totalMinutes / 60);
  const min = totalMinutes % 60;
  if (h === 0) return `${min}min`;
  return min === 0 ? `${h}h` : `${h}h${String(min).padStart(2, '0')}min`;
}
