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

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
