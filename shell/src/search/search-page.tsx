import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { SEARCH_ADMIN_KINDS, SEARCH_KINDS, type SearchKind, type SearchResult } from '@hub/shared/api';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useShell } from '../shell-context';
import { fetchSearch, rememberSearch } from './search-api';
import { SearchSnippet } from './search-snippet';
import { useSearchCatalogue } from './use-search-catalogue';
import { dateTimeFormat } from '@hub/shared/ui';

const PAGE_SIZE = 20;
const PORTAL_KINDS = SEARCH_KINDS.filter((kind) => !SEARCH_ADMIN_KINDS.includes(kind));

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'done'; result: SearchResult };

const fieldStyle = {
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'md',
  bg: 'bg',
  color: 'fg',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
} as const;

/** /search?q=&kind=&from=&to=&page= (docs/product.md §11): every hit, filtered by kind and date, paged. */
export default function SearchPage() {
  const ready = useSearchCatalogue();
  const { t, i18n } = useTranslation(['search', 'common']);
  const { apis } = useShell();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = (SEARCH_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as SearchKind) : null;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  // Bumped by Retry: the same search asked again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => setText(q), [q]);

  useEffect(() => {
    if (q.trim().length < 1) {
      setLoad({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    // Words as submitted: none is still being typed.
    fetchSearch(apis.api, { q: `${q} `, kinds: kind ? [kind] : undefined, from, to, page, pageSize: PAGE_SIZE }, controller.signal).then(
      (result) => setLoad({ status: 'done', result }),
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [apis, q, kind, from, to, page, attempt]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  if (!ready) return null;
  const result = load.status === 'done' ? load.result : null;
  const counts = new Map(result?.counts.map((count) => [count.kind, count]));
  const lastPage = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;
  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const numberFormat = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('page.title')}
      </Heading>
      <chakra.form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          rememberSearch(text);
          update({ q: text.trim() || null });
        }}
      >
        <Flex gap="2" wrap="wrap" align="end">
          <Box flex="1" minW="12rem">
            <chakra.label htmlFor={`${id}-q`} display="block" fontWeight="medium" mb="1">
              {t('page.label')}
            </chakra.label>
            <chakra.input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              w="full"
              {...fieldStyle}
            />
          </Box>
          <Button type="submit">{t('page.submit')}</Button>
        </Flex>
        <Flex gap="3" wrap="wrap" mt="3">
          <Box>
            <chakra.label htmlFor={`${id}-kind`} display="block" fontSize="sm" mb="1">
              {t('page.kinds')}
            </chakra.label>
            <chakra.select
              id={`${id}-kind`}
              value={kind ?? ''}
              onChange={(event) => update({ kind: event.target.value || null })}
              {...fieldStyle}
            >
              <option value="">{t('page.allKinds')}</option>
              {PORTAL_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`kinds.${option}`)}
                  {counts.get(option) ? ` (${numberFormat.format(counts.get(option)!.count)}${counts.get(option)!.capped ? '+' : ''})` : ''}
                </option>
              ))}
            </chakra.select>
          </Box>
          <Box>
            <chakra.label htmlFor={`${id}-from`} display="block" fontSize="sm" mb="1">
              {t('page.from')}
            </chakra.label>
            <chakra.input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => update({ from: event.target.value || null })}
              {...fieldStyle}
            />
          </Box>
          <Box>
            <chakra.label htmlFor={`${id}-to`} display="block" fontSize="sm" mb="1">
              {t('page.to')}
            </chakra.label>
            <chakra.input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => update({ to: event.target.value || null })}
              {...fieldStyle}
            />
          </Box>
        </Flex>
      </chakra.form>

      <Box role="status" color={load.status === 'failed' ? 'fg.error' : 'fg.muted'}>
        {load.status === 'idle' ? t('page.empty') : null}
        {load.status === 'loading' ? t('palette.loading') : null}
        {load.status === 'failed' ? (
          <>
            {t('palette.error')}{' '}
            <Button size="sm" variant="outline" onClick={() => setAttempt((count) => count + 1)}>
              {t('common:retry')}
            </Button>
          </>
        ) : null}
        {result
          ? result.total === 0
            ? t('palette.none', { query: q })
            : result.total_capped
              ? t('palette.resultsCapped', { count: result.total })
              : t('palette.results', { count: result.total })
          : null}
        {result?.suggestion ? (
          <>
            {' '}
            {result.corrected ? (
              t('palette.showingCorrected', { suggestion: result.suggestion })
            ) : (
              <chakra.button type="button" textDecoration="underline" onClick={() => update({ q: result.suggestion })}>
                {t('palette.didYouMean', { suggestion: result.suggestion })}
              </chakra.button>
            )}
          </>
        ) : null}
      </Box>

      {result && result.items.length > 0 ? (
        <chakra.ol listStyleType="none" display="flex" flexDirection="column" gap="3">
          {result.items.map((hit) => (
            <chakra.li key={`${hit.kind}-${hit.id}`} borderWidth="1px" borderRadius="md" p="3" bg="bg">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                {t(`kinds.${hit.kind}`)}
                {hit.date ? ` · ${dateFormat.format(new Date(hit.date))}` : ''}
              </Text>
              <Link to={hit.path} onClick={() => rememberSearch(q)}>
                <Text as="span" fontWeight="semibold" color="brand.fg" textDecoration="underline">
                  {hit.title}
                </Text>
              </Link>
              {hit.snippet ? (
                <Text fontSize="sm" color="fg.muted" mt="1">
                  <SearchSnippet snippet={hit.snippet} />
                </Text>
              ) : null}
            </chakra.li>
          ))}
        </chakra.ol>
      ) : null}

      {result && lastPage > 1 ? (
        <Flex as="nav" aria-label={t('page.pageOf', { page })} gap="2" align="center">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
            {t('page.previous')}
          </Button>
          <Text>{t('page.pageOf', { page })}</Text>
          <Button variant="outline" size="sm" disabled={page >= Math.min(lastPage, 50)} onClick={() => update({ page: String(page + 1) })}>
            {t('page.next')}
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
