import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { PAGE_SIZE_MAX } from './field-limits';

/**
 * GET /api/search (docs/product.md §11): one search over everything the person may see. The kinds,
 * in the order the palette groups them.
 */
export const SEARCH_KINDS = [
  'advice',
  'news',
  'training',
  'dashboard',
  'collection',
  'folder',
  'file',
  'message',
  'ticket',
  'user',
  'company',
  'group',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The kinds of the admin scope: searched only with `scope=admin`. */
export const SEARCH_ADMIN_KINDS: readonly SearchKind[] = ['user', 'company', 'group'];

/** The longest query the server reads; beyond it the words are ignored. */
export const SEARCH_QUERY_MAX = 200;
/** Results per page unless the caller asks fewer or more (up to PAGE_SIZE_MAX). */
export const SEARCH_PAGE_SIZE = 20;
/** Under this many full-text hits, the search also tries corrected words, and still under it, similar titles. */
export const SEARCH_FALLBACK_UNDER = 5;
/**
 * The newest matches of each kind that are ranked, counted and paged: past them a kind's count is
 * "50+" (`capped`), and more words or the dates reach older items. An exact title is ranked first
 * however old. Each of them is read on every keystroke: counting and ranking a thousand per kind
 * cost two to three times as much, and a hundred a fifth more CPU per search than fifty, which
 * kept the heaviest two-word search over its goal on two cores (docs/decisions/0010-search-cap-of-50.md).
 */
export const SEARCH_COUNT_CAP = 50;

// Type.Enum keeps the kinds' union in the static type.
export const SearchKindSchema = Type.Enum(SEARCH_KINDS);

export const SearchQuerySchema = Type.Object({
  q: Type.String({ maxLength: SEARCH_QUERY_MAX }),
  /** Comma-separated kinds; all the caller may search when omitted. */
  kinds: Type.Optional(Type.String({ maxLength: 200, pattern: '^[a-z]+(,[a-z]+)*$' })),
  /** `admin`: the consoles' search: every status of the content the caller manages, and people, companies and groups. */
  scope: Type.Optional(Type.Union([Type.Literal('portal'), Type.Literal('admin')])),
  /** Only items dated on or after / before this day (YYYY-MM-DD). */
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: SEARCH_PAGE_SIZE })),
  includes_unpublished: Type.Optional(Type.Boolean()),
});

export const SearchHitSchema = Type.Object({
  kind: SearchKindSchema,
  id: Type.Integer(),
  /** Plain text: shown as text, never as HTML. */
  title: Type.String(),
  /** HTML-escaped text where only <mark>…</mark> around the matched words is markup. */
  snippet: Type.String(),
  date: Nullable(Type.String()),
  /** The portal path that opens the item. */
  path: Type.String(),
});
export type SearchHit = Static<typeof SearchHitSchema>;

export const SearchCountSchema = Type.Object({
  kind: SearchKindSchema,
  count: Type.Integer({ minimum: 0 }),
  /** True when there are more than `count` (shown "1,000+"). */
  capped: Type.Boolean(),
});
export type SearchCount = Static<typeof SearchCountSchema>;

export const SearchResultSchema = Type.Object({
  items: Type.Array(SearchHitSchema),
  total: Type.Integer({ minimum: 0 }),
  total_capped: Type.Boolean(),
  counts: Type.Array(SearchCountSchema),
  page: Type.Integer(),
  page_size: Type.Integer(),
  /** A corrected query when the words as typed found little and the corrected ones find what the person may see. */
  suggestion: Nullable(Type.String()),
  /** True when these results are the corrected query's (the words as typed found nothing). */
  corrected: Type.Boolean(),
});
export type SearchResult = Static<typeof SearchResultSchema>;

/** The kinds of a `kinds` parameter that exist, in order; unknown names are dropped. */
export function parseSearchKinds(kinds: string | undefined): SearchKind[] | null {
  if (!kinds) return null;
  const asked = new Set(kinds.split(','));
  return SEARCH_KINDS.filter((kind) => asked.has(kind));
}
