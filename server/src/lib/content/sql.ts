/** `col = $n` for each defined value (undefined: leave the column as it is), pushing the parameters. */
export function setClauses(values: Record<string, unknown>, params: unknown[]): string[] {
  const clauses: string[] = [];
  for (const [column, value] of Object.entries(values)) {
    if (value === undefined) continue;
    params.push(value);
    clauses.push(`${column} = $${params.length}`);
  }
  return clauses;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `expression` contains the pattern `param` (a likePattern), case and accents folded on both
 * sides: the form the trigram indexes of migration 0080 answer (`search_fold(…) gin_trgm_ops`), so
 * that a search box reads an index instead of every row. `expression` must be the indexed one.
 */
export const foldedLike = (expression: string, param: string) => `search_fold(${expression}) LIKE search_fold(${param})`;

/** A person's name and email, as indexed for search (users_name_trgm_idx): "Nina North nina@…" contains each and the full name. */
export const personSearchText = (alias: string) => `${alias}.first_name || ' ' || ${alias}.last_name || ' ' || ${alias}.email`;
