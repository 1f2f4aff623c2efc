/** The pinned-news section and the rest, each in the server's order (newest first). */
export function splitPinned<T extends { pinned: boolean }>(items: readonly T[]): { pinned: T[]; others: T[] } {
  return { pinned: items.filter((item) => item.pinned), others: items.filter((item) => !item.pinned) };
}
