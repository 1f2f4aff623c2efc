import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { PBI_MESSAGES, type ApiClient, type PbiRefreshGroupsResponse, type PbiRefreshUsersResponse } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../lib/field-error';

export type SyncKind = 'groups' | 'users';

const refresh = {
  groups: (api: ApiClient) => api.put<PbiRefreshGroupsResponse>('/pbi/refresh-groups', undefined, { silent: true }),
  users: (api: ApiClient) => api.put<PbiRefreshUsersResponse>('/pbi/refresh-users', undefined, { silent: true }),
};

type Outcome =
  | { kind: 'groups'; result: PbiRefreshGroupsResponse }
  | { kind: 'users'; result: PbiRefreshUsersResponse }
  | { kind: 'error'; message: string };

/** The counts of a run, each as "Created: 1": what changed, and what did not. */
type CountKey = 'found' | 'created' | 'updated' | 'unchanged' | 'removed' | 'notOnServer' | 'added' | 'taken';

function countsOf(outcome: Extract<Outcome, { kind: 'groups' | 'users' }>): { key: CountKey; count: number }[] {
  if (outcome.kind === 'groups') {
    const { found, created, updated, unchanged, not_on_server } = outcome.result;
    // The sync deletes no group: the ones the server no longer names are counted apart, and kept.
    return [
      { key: 'found', count: found },
      { key: 'created', count: created },
      { key: 'updated', count: updated },
      { key: 'unchanged', count: unchanged },
      { key: 'removed', count: 0 },
      { key: 'notOnServer', count: not_on_server },
    ];
  }
  const { updated, unchanged, added, removed } = outcome.result;
  return [
    { key: 'created', count: 0 },
    { key: 'updated', count: updated },
    { key: 'unchanged', count: unchanged },
    { key: 'added', count: added },
    { key: 'taken', count: removed },
  ];
}

/**
 * "Refresh groups" and/or "Refresh users" (PUT /api/admin/pbi/refresh-groups, /refresh-users), for
 * administrators: the button is busy while the sync runs (the other one waits too), then the counts
 * and the success toast; a report server that fails, or a sync already running, says so here.
 */
export function PowerBiSyncActions({ kinds, onDone }: { kinds: readonly SyncKind[]; onDone?: (kind: SyncKind) => void }) {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const [running, setRunning] = useState<SyncKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function errorText(error: unknown): string {
    const status = statusOf(error);
    const message = (error as { message?: unknown } | null)?.message;
    if (status === 409) return t('pbi.alreadyRunning');
    if (status === 503) return t('pbi.notConfigured');
    if (status === 502) {
      // The server says which call failed after its fixed sentence: "… (CatalogItems: HTTP 401)".
      const detail = typeof message === 'string' ? message.replace(PBI_MESSAGES.unreachable, '').trim() : '';
      return t('pbi.unreachable', { detail });
    }
    return t('pbi.failed');
  }

  async function run(kind: SyncKind) {
    setRunning(kind);
    setOutcome(null);
    try {
      const outcome: Outcome =
        kind === 'groups' ? { kind, result: await refresh.groups(adminApi) } : { kind, result: await refresh.users(adminApi) };
      setOutcome(outcome);
      notify({ kind: 'success', message: kind === 'groups' ? t('pbi.groupsDone') : t('pbi.usersDone') });
      onDone?.(kind);
    } catch (error) {
      const message = errorText(error);
      setOutcome({ kind: 'error', message });
      notify({ kind: 'error', message });
    } finally {
      setRunning(null);
    }
  }

  return (
    <Flex direction="column" align={{ base: 'stretch', sm: 'end' }} gap="2" maxW="full">
      <Flex gap="2" wrap="wrap" justify={{ base: 'start', sm: 'end' }}>
        {kinds.map((kind) => (
          <Button
            key={kind}
            variant="outline"
            loading={running === kind}
            loadingText={t('pbi.running')}
            disabled={running !== null && running !== kind}
            onClick={() => void run(kind)}
          >
            {kind === 'groups' ? t('pbi.refreshGroups') : t('pbi.refreshUsers')}
          </Button>
        ))}
      </Flex>
      <Box role="status" aria-live="polite" textAlign={{ base: 'start', sm: 'end' }}>
        {outcome && outcome.kind !== 'error' && (
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold">
              {outcome.kind === 'groups' ? t('pbi.groupsResult') : t('pbi.usersResult')}
            </Text>
            {' · '}
            {countsOf(outcome)
              .map(({ key, count }) => t(`pbi.counts.${key}`, { count }))
              .join(' · ')}
          </Text>
        )}
      </Box>
      {outcome?.kind === 'error' && (
        <Text role="alert" color="fg.error" fontSize="sm" textAlign={{ base: 'start', sm: 'end' }}>
          {outcome.message}
        </Text>
      )}
    </Flex>
  );
}
