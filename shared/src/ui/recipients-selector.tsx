import { Box, Button, Flex, Heading, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A selector element of docs/product.md §3: id and name. */
export interface SelectorElement {
  id: number;
  name: string;
}

export interface SelectorPageQuery {
  /** true: the right list ('associated'); false: the left one ('Not associated'). */
  selected: boolean;
  /** Case-insensitive, on the name (and e-mail); '' for all. */
  search: string;
  page: number;
  pageSize: number;
}

export interface SelectorPage {
  items: SelectorElement[];
  total: number;
}

export interface RecipientsSelectorProps {
  /** The item type in the titles (`admin.associated.not` / `.yes` take it as `{{type}}`). */
  type: string;
  /** One page of one list, searched and paged by the server (5,000 users stay smooth). */
  load: (query: SelectorPageQuery) => Promise<SelectorPage>;
  /** An entry moved right: the server adds it (`users/add/{id}`). */
  onAdd: (id: number) => Promise<unknown> | void;
  /** An entry moved left: the server removes it (`users/remove/{id}`). */
  onRemove: (id: number) => Promise<unknown> | void;
  /** Clicks and keys are ignored (a published item). */
  disabled?: boolean;
  /**
   * At most one entry on the right (audience `user`): moving one right sends the others back left,
   * as the server's `users/set-unique/{id}` leaves exactly that recipient.
   */
  single?: boolean;
  pageSize?: number;
  /** The words of a selector of something other than users (companies, say): its search label, its count, its load failure. */
  words?: SelectorWords;
}

export interface SelectorWords {
  search: string;
  count: (count: number) => string;
  loadFailed: string;
}

interface Side {
  items: SelectorElement[];
  total: number;
  page: number;
  failed: boolean;
}
const emptySide: Side = { items: [], total: 0, page: 1, failed: false };

/**
 * The double-list selector of docs/product.md §2/§3/§4: a search box over 'Not associated' ({name} >) and
 * 'associated' (< {name}) lists; a click, or Enter/Space on the focused entry (WAI-ARIA listbox,
 * arrows to move the focus) moves it and emits add or remove; each move is announced. Both lists
 * are searched and paged by the server ("Show more"), unlike transfer lists that hold everything.
 */
export function RecipientsSelector({
  type,
  load,
  onAdd,
  onRemove,
  disabled = false,
  single = false,
  pageSize = 50,
  words,
}: RecipientsSelectorProps) {
  const { t } = useTranslation(['admin', 'common']);
  const searchId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [left, setLeft] = useState<Side>(emptySide);
  const [right, setRight] = useState<Side>(emptySide);
  const [announcement, setAnnouncement] = useState('');
  const loadRef = useRef(load);
  // The search as last shown, for the lists asked again once the moves are answered (settle, below).
  const searchRef = useRef(search);
  useEffect(() => {
    loadRef.current = load;
    searchRef.current = search;
  });

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // Moves made so far, and those the server has not answered yet. A page asked before a move, or
  // while one is unanswered, may say what the server held before it: it is dropped, and both lists
  // are asked again once the moves are answered (a search typed just before a click did this).
  const moves = useRef({ made: 0, pending: 0, staleDropped: false });
  const fetchSide = useCallback(
    async (selected: boolean, page: number, query: string, append: boolean) => {
      const set = selected ? setRight : setLeft;
      const movesBefore = moves.current.made;
      const duringMove = moves.current.pending > 0;
      try {
        const answer = await loadRef.current({ selected, search: query, page, pageSize });
        if (moves.current.made !== movesBefore || duringMove) {
          moves.current.staleDropped = true;
          return;
        }
        set((side) => ({
          items: append
            ? [...side.items, ...answer.items.filter((item) => !side.items.some((known) => known.id === item.id))]
            : answer.items,
          total: answer.total,
          page,
          failed: false,
        }));
      } catch {
        set((side) => ({ ...side, failed: true }));
      }
    },
    [pageSize],
  );

  useEffect(() => {
    void fetchSide(false, 1, search, false);
    void fetchSide(true, 1, search, false);
  }, [fetchSide, search]);

  const move = (element: SelectorElement, toSelected: boolean) => {
    if (disabled) return;
    if (single && toSelected) {
      replace(element);
      return;
    }
    const [from, to] = toSelected ? [setLeft, setRight] : [setRight, setLeft];
    from((side) => ({ ...side, items: side.items.filter((item) => item.id !== element.id), total: Math.max(0, side.total - 1) }));
    to((side) => ({ ...side, items: [element, ...side.items], total: side.total + 1 }));
    setAnnouncement(t(toSelected ? 'admin:selector.added' : 'admin:selector.removed', { name: element.name }));
    // The move shows at once; if the server refuses it (its toast says why), the entry goes back.
    settle(
      Promise.resolve(toSelected ? onAdd(element.id) : onRemove(element.id)).catch(() => {
        to((side) => ({ ...side, items: side.items.filter((item) => item.id !== element.id), total: Math.max(0, side.total - 1) }));
        from((side) => ({ ...side, items: [element, ...side.items], total: side.total + 1 }));
      }),
    );
  };

  /** Counts a move until the server answers it; then, if a list's page was dropped meanwhile, asks both again. */
  const settle = (answered: Promise<unknown>) => {
    moves.current.made += 1;
    moves.current.pending += 1;
    void answered.finally(() => {
      moves.current.pending -= 1;
      if (moves.current.pending > 0 || !moves.current.staleDropped) return;
      moves.current.staleDropped = false;
      void fetchSide(false, 1, searchRef.current, false);
      void fetchSide(true, 1, searchRef.current, false);
    });
  };

  /** Single mode: the entry becomes the only recipient; if the server refuses, both lists are asked again. */
  const replace = (element: SelectorElement) => {
    const others = right.items.filter((item) => item.id !== element.id);
    setRight({ ...right, items: [element], total: 1 });
    setLeft((side) => ({
      ...side,
      items: [...others, ...side.items.filter((item) => item.id !== element.id)],
      total: Math.max(0, side.total - 1) + right.total,
    }));
    setAnnouncement(t('admin:selector.added', { name: element.name }));
    settle(
      Promise.resolve(onAdd(element.id)).catch(() => {
        void fetchSide(false, 1, search, false);
        void fetchSide(true, 1, search, false);
      }),
    );
  };

  return (
    <Stack gap="3">
      <Stack gap="1" maxW="24rem">
        <label htmlFor={searchId}>
          <Text as="span" fontSize="sm" fontWeight="medium">
            {words?.search ?? t('common:search-name-email')}
          </Text>
        </label>
        <Input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </Stack>
      <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
        <SelectorList
          title={t('admin:associated.not', { type })}
          side={left}
          entry={(element) => `${element.name} >`}
          onMove={(element) => move(element, true)}
          onMore={() => void fetchSide(false, left.page + 1, search, true)}
          disabled={disabled}
          words={words}
        />
        <SelectorList
          title={t('admin:associated.yes', { type })}
          side={right}
          entry={(element) => `< ${element.name}`}
          onMove={(element) => move(element, false)}
          onMore={() => void fetchSide(true, right.page + 1, search, true)}
          disabled={disabled}
          words={words}
        />
      </Flex>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

function SelectorList(props: {
  title: string;
  side: Side;
  entry: (element: SelectorElement) => string;
  onMove: (element: SelectorElement) => void;
  onMore: () => void;
  disabled: boolean;
  words: SelectorWords | undefined;
}) {
  const { title, side, entry, onMove, onMore, disabled, words } = props;
  const { t } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, side.items.length - 1));
  const optionId = (id: number) => `${titleId}-option-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown') setActive(Math.min(index + 1, side.items.length - 1));
    else if (event.key === 'ArrowUp') setActive(Math.max(index - 1, 0));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(side.items.length - 1);
    else if ((event.key === 'Enter' || event.key === ' ') && side.items[index]) onMove(side.items[index]);
    else return;
    event.preventDefault();
  };

  const current = side.items[index];
  return (
    <Box flex="1" minW="0" borderWidth="1px" borderRadius="md" p="3">
      <Flex justify="space-between" align="baseline" mb="2" gap="2">
        <Heading as="h3" size="sm" id={titleId}>
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {words ? words.count(side.total) : t('admin:selector.count', { count: side.total })}
        </Text>
      </Flex>
      {side.failed && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {words?.loadFailed ?? t('admin:selector.loadFailed')}
        </Text>
      )}
      <Box
        as="ul"
        role="listbox"
        aria-labelledby={titleId}
        aria-disabled={disabled || undefined}
        aria-activedescendant={current ? optionId(current.id) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        maxH="18rem"
        overflowY="auto"
        listStyleType="none"
        css={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-focus-ring)' } }}
      >
        {side.items.map((element, position) => (
          <Box
            as="li"
            key={element.id}
            id={optionId(element.id)}
            role="option"
            aria-selected={position === index}
            onClick={() => {
              setActive(position);
              onMove(element);
            }}
            px="2"
            py="1"
            borderRadius="sm"
            cursor={disabled ? 'not-allowed' : 'pointer'}
            bg={position === index ? 'bg.emphasized' : undefined}
            _hover={disabled ? undefined : { bg: 'bg.muted' }}
          >
            {entry(element)}
          </Box>
        ))}
      </Box>
      {side.items.length < side.total && (
        <Button size="xs" variant="ghost" mt="2" onClick={onMore}>
          {t('admin:selector.more')}
        </Button>
      )}
    </Box>
  );
}
