import { SEARCH_ADMIN_KINDS, SEARCH_FALLBACK_UNDER, SEARCH_KINDS, type SearchKind, type SearchResult } from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { branches } from './kinds';
import { withSnippets } from './search-hits';
import { correctedWords, tsqueryOf } from './search-match';
import { prepareWords, run } from './search-round';
import { wordStats } from './search-plan';
import { searchWords, stillTyping, tsqueryText } from './search-query';
import { emptyResult, type SearchRequest, type Unquoted } from './search-request';

export type { SearchRequest } from './search-request';

// One search over everything a person may see (docs/product.md §11), over one module per kind
// (kinds/): each kind's SELECT has the visibility of its own list, imported from where that kind
// lives, in its WHERE, so that what the person may not see is never ranked, counted, suggested nor
// snippeted: the limit and the counts come after it. A hit's path is the kind's portal path
// (@hub/shared's portal paths), made here from its id and what its kind reads for it.

/** The kinds this request searches: those asked (all by default) that its scope has. */
export function searchedKinds(session: Session, request: SearchRequest): SearchKind[] {
  const available = branches(session, request);
  return (request.kinds ?? [...SEARCH_KINDS]).filter(
    (kind) => kind in available && (request.scope === 'admin' || !SEARCH_ADMIN_KINDS.includes(kind)),
  );
}

const withoutCount = ({ correctedHits: _, ...result }: Unquoted & { correctedHits: number }): Unquoted => result;

/** GET /api/search: the hits of the page, the counts per kind (capped), and a suggestion. */
export async function search(db: Queryable, session: Session, request: SearchRequest): Promise<SearchResult> {
  const words = searchWords(request.q);
  const kinds = searchedKinds(session, request);
  if (words.length === 0 || kinds.length === 0) return emptyResult(request);
  const typing = stillTyping(request.q);
  const typed = tsqueryText(words, typing);
  const { result, query, corrected } = await rounds(db, session, request, kinds, words, typing, typed);
  return withSnippets(db, session, request, result, query, corrected);
}

/**
 * The round whose hits are kept: the words as typed (`query`, their tsquery), or under five hits
 * the corrected words (then `corrected` is their tsquery, which the snippets mark too).
 */
async function rounds(
  db: Queryable,
  session: Session,
  request: SearchRequest,
  kinds: SearchKind[],
  words: string[],
  typing: boolean,
  typed: string,
): Promise<{ result: Unquoted; query: string; corrected: string | null }> {
  const [prepared, stats] = await Promise.all([prepareWords(db, session, request, kinds, words, typed), wordStats(db)]);
  const { query } = prepared;
  const first = await run(db, session, request, kinds, prepared, stats, query, null);
  const direct = first.total;
  if (direct >= SEARCH_FALLBACK_UNDER) return { result: withoutCount(first), query, corrected: null };
  const corrections = await correctedWords(db, words, typing);
  const changed = corrections.some((word, index) => word !== words[index]);
  // Every word is as indexed: the fallback would be the same statements again.
  if (!changed) return { result: withoutCount(first), query, corrected: null };
  const corrected = await tsqueryOf(db, tsqueryText(corrections, typing));
  // The corrected words first, then, still under five hits, the titles similar to what was typed
  // too. Comparing every title a kind's walk reads with what was typed (pg_trgm makes both sides'
  // trigrams again for each row) was half of a typo's cost, for titles the corrected words
  // mostly find anyway ("reconciliation" for `reconcilaition`).
  // Where the words as typed find nothing, the corrected words stand for them: what is found is
  // ranked by them (by the words as typed, every rank was 0), and each row is tested once.
  const asTyped = direct === 0 ? corrected : query;
  let fallback =
    direct === 0
      ? await run(db, session, request, kinds, prepared, stats, corrected, null).then((found) => ({ ...found, correctedHits: found.total }))
      : await run(db, session, request, kinds, prepared, stats, query, corrected, false);
  if (fallback.total < SEARCH_FALLBACK_UNDER) fallback = await run(db, session, request, kinds, prepared, stats, asTyped, corrected, true);
  const { correctedHits, ...second } = fallback;
  // Only a correction that finds something the person may see is offered.
  const suggestion = correctedHits > 0 ? corrections.join(' ') : null;
  return { result: { ...second, suggestion, corrected: direct === 0 && second.total > 0 }, query, corrected };
}
