import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import type { SearchHit, SearchResult } from '@hub/shared/api';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useShell } from '../shell-context';
import { fetchSearch, forgetSearches, groupByKind, recentSearches, rememberSearch } from './search-api';
import { SearchSnippet } from './search-snippet';
import { useSearchCatalogue } from './use-search-catalogue';

/** The pause after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 150;
const PALETTE_PAGE_SIZE = 12;

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'done'; query: string; result: SearchResult };

/** One choosable row of the listbox: a hit, a recent search, or "see all results". */
type Option = { kind: 'hit'; hit: SearchHit } | { kind: 'recent'; query: string } | { kind: 'all'; query: string };

/**
 * The search palette (docs/product.md §11): a modal dialog holding an ARIA combobox (an input
 * controlling a listbox of options grouped by kind). Arrows move, Enter opens, Escape closes; the
 * number of results is announced. Results come while typing (debounced; a newer search cancels
 * the older request).
 */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const ready = useSearchCatalogue();
  const { t } = useTranslation('search');
  const { apis } = useShell();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState(recentSearches);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const query = text.trim();
  useEffect(() => {
    if (query.length < 2) {
      setLoad({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad((previous) => (previous.status === 'done' ? previous : { status: 'loading' }));
    const timer = setTimeout(() => {
      fetchSearch(apis.api, { q: text, pageSize: PALETTE_PAGE_SIZE }, controller.signal).then(
        (result) => setLoad({ status: 'done', query, result }),
        () => !controller.signal.aborted && setLoad({ status: 'failed' }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [apis, text, query]);

  const groups = useMemo(() => (load.status === 'done' ? groupByKind(load.result.items) : []), [load]);
  const options: Option[] = useMemo(() => {
    if (query.length < 2) return recent.map((item) => ({ kind: 'recent', query: item }));
    const hits: Option[] = groups.flatMap((group) => group.hits.map((hit) => ({ kind: 'hit' as const, hit })));
    return load.status === 'done' && load.result.total > 0 ? [...hits, { kind: 'all', query }] : hits;
  }, [groups, load, query, recent]);
  useEffect(() => setActive(0), [options]);

  const optionId = (index: number) => `${id}-option-${index}`;
  function choose(option: Option | undefined) {
    if (!option) return;
    if (option.kind === 'recent') {
      setText(option.query);
      return;
    }
    rememberSearch(query);
    onClose();
    navigate(option.kind === 'hit' ? option.hit.path : `/search?q=${encodeURIComponent(option.query)}`);
  }
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  }

  const result = load.status === 'done' ? load.result : null;
  const announcement =
    load.status === 'loading'
      ? t('palette.loading')
      : load.status === 'failed'
        ? t('palette.error')
        : result
          ? result.total_capped
            ? t('palette.resultsCapped', { count: result.total })
            : result.total === 0
              ? t('palette.none', { query: load.status === 'done' ? load.query : query })
              : t('palette.results', { count: result.total })
          : '';
  let index = -1;
  const optionProps = (option: Option) => {
    index += 1;
    const mine = index;
    return {
      id: optionId(mine),
      role: 'option',
      'aria-selected': mine === active,
      onMouseMove: () => setActive(mine),
      onClick: () => choose(option),
      cursor: 'pointer',
      px: '3',
      py: '2',
      borderRadius: 'md',
      bg: mine === active ? 'bg.emphasized' : undefined,
      outline: mine === active ? '2px solid' : undefined,
      outlineColor: mine === active ? 'brand.focusRing' : undefined,
    } as const;
  };

  return (
    <chakra.dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      position="fixed"
      top={{ base: '2', md: '16' }}
      mx="auto"
      my="0"
      p="0"
      w="calc(100% - 1rem)"
      maxW="640px"
      maxH={{ base: 'calc(100dvh - 1rem)', md: 'calc(100dvh - 8rem)' }}
      overflow="hidden"
      border="none"
      borderRadius="lg"
      bg="bg.panel"
      color="fg"
      shadow="lg"
      _backdrop={{ bg: 'blackAlpha.600' }}
    >
      {ready ? (
        <Flex direction="column" maxH="inherit">
          <Flex align="center" gap="2" p="3" borderBottomWidth="1px">
            <chakra.h2 id={`${id}-title`} srOnly>
              {t('palette.title')}
            </chakra.h2>
            <chakra.label htmlFor={`${id}-input`} srOnly>
              {t('palette.label')}
            </chakra.label>
            <chakra.input
              id={`${id}-input`}
              type="text"
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={`${id}-listbox`}
              aria-autocomplete="list"
              aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
              aria-describedby={`${id}-hint`}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={text}
              placeholder={t('palette.placeholder')}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              flex="1"
              minW="0"
              px="2"
              py="2"
              fontSize="md"
              bg="transparent"
              color="fg"
              border="none"
              _focusVisible={{ outline: 'none' }}
              _placeholder={{ color: 'fg.muted' }}
            />
            <Button variant="ghost" size="sm" onClick={onClose}>
              {t('palette.close')}
            </Button>
          </Flex>
          <Text id={`${id}-hint`} srOnly>
            {t('palette.hint')}
          </Text>
          <Box role="status" px="4" pt="2" fontSize="sm" color={load.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {announcement}
            {result?.suggestion && !result.corrected ? (
              <chakra.button type="button" ms="2" textDecoration="underline" onClick={() => setText(result.suggestion!)}>
                {t('palette.didYouMean', { suggestion: result.suggestion })}
              </chakra.button>
            ) : null}
            {result?.suggestion && result.corrected ? (
              <Text as="span" ms="2">
                {t('palette.showingCorrected', { suggestion: result.suggestion })}
              </Text>
            ) : null}
          </Box>
          <Box id={`${id}-listbox`} role="listbox" aria-label={t('palette.label')} overflowY="auto" p="2" flex="1">
            {query.length < 2 && recent.length > 0 ? (
              <Box role="group" aria-labelledby={`${id}-recent`}>
                <Flex align="center" justify="space-between" px="3" py="1">
                  <Text id={`${id}-recent`} fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                    {t('palette.recent')}
                  </Text>
                  <chakra.button
                    type="button"
                    fontSize="xs"
                    color="fg.muted"
                    textDecoration="underline"
                    tabIndex={-1}
                    onClick={() => {
                      forgetSearches();
                      setRecent([]);
                    }}
                  >
                    {t('palette.clearRecent')}
                  </chakra.button>
                </Flex>
                {recent.map((item) => (
                  <Box key={item} {...optionProps({ kind: 'recent', query: item })}>
                    {item}
                  </Box>
                ))}
              </Box>
            ) : null}
            {groups.map((group) => (
              <Box key={group.kind} role="group" aria-labelledby={`${id}-group-${group.kind}`} mb="2">
                <Text
                  id={`${id}-group-${group.kind}`}
                  px="3"
                  py="1"
                  fontSize="xs"
                  fontWeight="semibold"
                  color="fg.muted"
                  textTransform="uppercase"
                >
                  {t(`kinds.${group.kind}`)}
                </Text>
                {group.hits.map((hit) => (
                  <Box key={`${hit.kind}-${hit.id}`} {...optionProps({ kind: 'hit', hit })}>
                    <Text fontWeight="medium" lineClamp={1}>
                      {hit.title}
                    </Text>
                    {hit.snippet ? (
                      <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                        <SearchSnippet snippet={hit.snippet} />
                      </Text>
                    ) : null}
                  </Box>
                ))}
              </Box>
            ))}
            {result && result.total > 0 ? (
              <Box {...optionProps({ kind: 'all', query })} color="brand.fg">
                {t('palette.allResults', { query })}
              </Box>
            ) : null}
          </Box>
        </Flex>
      ) : null}
    </chakra.dialog>
  );
}
