import type { PGlite } from '@electric-sql/pglite';

export const MAX_PREPARED: number;
export function preparedStatements(
  pglite: PGlite,
): <T>(sql: string, params?: readonly unknown[], options?: { inTransaction?: boolean }) => Promise<{ rows: T[] }>;
