import { Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One page of a conversation read newest first: its items oldest first, and the cursor of the items just older. */
export interface OlderPage<T> {
  items: T[];
  older_cursor: string | null;
}

/**
 * A conversation whose details answer only the latest items (a ticket's replies): the items read
 * so far, oldest first, and `loadOlder` to read the ones just before them from `fetchOlder`
 * (the details again, `before` the cursor). `latest` is the details' own page: when it changes (a
 * reply sent) the older items read stay, being older. `resetKey` (the item's id) starts again.
 */
export function useOlderItems<T>(
  resetKey: unknown,
  latest: OlderPage<T> | undefined,
  fetchOlder: (cursor: string) => Promise<OlderPage<T>>,
) {
  const [older, setOlder] = useState<{ key: unknown; items: T[]; cursor: string | null | undefined }>({
    key: resetKey,
    items: [],
    cursor: undefined,
  });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const current = older.key === resetKey ? older : { key: resetKey, items: [] as T[], cursor: undefined };
  // Until an older page is read, the cursor is the latest page's.
  const cursor = current.cursor === undefined ? (latest?.older_cursor ?? null) : current.cursor;
  const loadOlder = useCallback(async () => {
    if (!cursor) return;
    setState('loading');
    try {
      const page = await fetchOlder(cursor);
      setOlder((previous) => {
        const base = previous.key === resetKey ? previous.items : [];
        return { key: resetKey, items: [...page.items, ...base], cursor: page.older_cursor };
      });
      setState('idle');
    } catch {
      setState('failed');
    }
  }, [cursor, fetchOlder, resetKey]);
  return { items: [...current.items, ...(latest?.items ?? [])], hasOlder: cursor !== null, loadOlder, state };
}

/** "Show older replies" above a conversation that has older ones, with its loading and failed states. */
export function OlderItemsButton({ older }: { older: Pick<ReturnType<typeof useOlderItems>, 'hasOlder' | 'loadOlder' | 'state'> }) {
  const { t } = useTranslation('common');
  if (!older.hasOlder) return null;
  return (
    <Stack direction="row" align="center" gap="2" wrap="wrap">
      <Button size="xs" variant="outline" loading={older.state === 'loading'} onClick={() => void older.loadOlder()}>
        {t('olderReplies.load')}
      </Button>
      {older.state === 'failed' ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {t('olderReplies.failed')}
        </Text>
      ) : null}
    </Stack>
  );
}
