// The queries of the search benches (bench/search.ts, bench/search-kinds.ts), as a person types
// them: a space after a finished word, none after a word still being typed (a prefix).
export const SEARCH_BENCH_QUERIES = [
  ['one word', 'rapport '],
  ['two words', 'monthly report '],
  ['prefix', 'reconc'],
  ['typo', 'reconcilaition '],
] as const;
