import { COUNT_LIMITS, FIELD_LIMITS } from './field-limits';

/** Publication codes of docs/product.md §4 and §9. */
export const PUBLICATION = { draft: 0, published: 16 } as const;
export type PublicationStatus = (typeof PUBLICATION)[keyof typeof PUBLICATION];

/** Unknown values read as draft. */
export function readPublicationStatus(value: unknown): PublicationStatus {
  return value === PUBLICATION.published ? PUBLICATION.published : PUBLICATION.draft;
}

/** File state codes of docs/product.md §4: 1 missing, 2 uploaded, 3 problem, 4 ok, otherwise undefined. */
export const FILE_STATES = { 1: 'missing', 2: 'uploaded', 3: 'problem', 4: 'ok' } as const;
export type FileState = (typeof FILE_STATES)[keyof typeof FILE_STATES] | 'undefined';
export function readFileState(code: unknown): FileState {
  return FILE_STATES[code as keyof typeof FILE_STATES] ?? 'undefined';
}

/** Business limits of docs/product.md §5 and §9; the field limits themselves are in ./field-limits.ts. */
export const LIMITS = {
  descriptionMax: FIELD_LIMITS.description,
  imageMaxBytes: COUNT_LIMITS.imageBytes,
  defaultCategoryColor: '#999999',
  upcomingTrainings: 3,
  snackbarTimeoutMs: 2000,
} as const;
