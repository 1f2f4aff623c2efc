import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { EntityList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LoadState } from '@hub/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

/** The entity an entity page works on: the selected one (docs/product.md §4), else the user's own, else none. */
export function useWorkingEntityId(): number | null {
  const { session } = useRemoteProps();
  return session.selectedEntityId ?? session.user.entity?.id ?? null;
}

/**
 * Entity pages (/entity/admin/...) work on one entity. An administrator with neither a selected
 * entity nor an own one is asked to pick one first; the shell keeps it (`selectEntity`).
 */
export function EntityGate({ children }: { children: ReactNode }) {
  const entityId = useWorkingEntityId();
  if (entityId !== null) return <>{children}</>;
  return <EntityPicker />;
}

function EntityPicker() {
  const { t } = useTranslation('admin');
  const { api, selectEntity } = useRemoteProps();
  const entities = useSWR(['entities', 'picker'], () => api.get<EntityList>('/entities', { page_size: 100 }, { silent: true }));
  return (
    <Box as="section" p={{ base: '3', md: '6' }} aria-labelledby="entity-picker-title">
      <Heading as="h1" size="2xl" mb="2" id="entity-picker-title">
        {t('entityPicker.title')}
      </Heading>
      <Text mb="4">{t('entityPicker.message')}</Text>
      {entities.isLoading || entities.error ? (
        <LoadState
          status={entities.isLoading ? 'loading' : 'error'}
          failedText={t('entityPicker.loadFailed')}
          onRetry={() => void entities.mutate()}
        />
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {entities.data?.items.map((entity) => (
            <li key={entity.id}>
              <Button
                variant="outline"
                onClick={() => selectEntity(entity.id)}
                aria-label={t('entityPicker.choose', { name: entity.name })}
              >
                {entity.name}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
