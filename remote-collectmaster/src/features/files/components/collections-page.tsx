import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FILE_EXCHANGE_LIMITS, type Collection } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { createCollection, deleteCollection, updateCollection, useCollections, useEntities } from '../../../api/file-exchange';
import { PageFrame } from '../../../components/page-frame';
import { LazyTextDialog } from '../../../components/lazy-text-dialog';
import { useIsStaff } from '../../../lib/use-staff';
import { paths } from '../../../paths';
import { ListStates } from './list-states';

/** /collectmaster/{slug}: a company's collections (projects). */
export function CollectionsPage() {
  const { t } = useTranslation('collectmaster');
  const { filesApi, notify } = useRemoteProps();
  const slug = useParams().slug ?? '';
  const staff = useIsStaff();
  const entities = useEntities();
  const collections = useCollections(slug);
  const entity = entities.data?.items.find((item) => item.slug === slug);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const [busy, setBusy] = useState(false);
  const items = collections.data?.items ?? [];
  const title = entity?.name ?? items[0]?.entity ?? slug;

  async function save(values: Record<string, string>) {
    const body = { project: values.project ?? '' };
    if (editing === 'new') await createCollection(filesApi, entity!.id, body);
    else if (editing) await updateCollection(filesApi, editing.id, body);
    notify({ kind: 'success', message: t(editing === 'new' ? 'collections.created' : 'collections.updated') });
    await collections.mutate();
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteCollection(filesApi, deleting.id);
      notify({ kind: 'success', message: t('collections.deleted') });
      setDeleting(null);
      await collections.mutate();
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('title'), to: paths.collectmaster }, { label: title }]}
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.latest}>{t('latestLink')}</RouterLink>
          </Button>
          {staff && entity ? (
            <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
              {t('collections.create')}
            </Button>
          ) : null}
        </>
      }
    >
      <ListStates
        isLoading={collections.isLoading}
        error={collections.error}
        empty={items.length === 0}
        text={{
          loading: t('collections.loading'),
          failed: t('collections.failed'),
          notFound: t('collections.notFound'),
          empty: t(staff ? 'collections.emptyStaff' : 'collections.empty'),
        }}
        onRetry={() => void collections.mutate()}
      />
      {items.length > 0 ? (
        <Stack as="ul" aria-label={t('collections.title')} gap="2" p="0" m="0">
          {items.map((collection) => (
            <Box as="li" key={collection.id} listStyleType="none" borderWidth="1px" borderRadius="md" bg="bg" p="3">
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2">
                <Box minW="0">
                  <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }} wordBreak="break-word">
                    <RouterLink to={paths.collection(slug, collection.id)}>{collection.project}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {t('collections.folders', { count: collection.folders_count })}
                  </Text>
                </Box>
                {staff ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('collections.rename', { name: collection.project })}
                      onClick={() => setEditing(collection)}
                    >
                      {t('actions.rename')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('collections.delete', { name: collection.project })}
                      onClick={() => setDeleting(collection)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </HStack>
                ) : null}
              </Stack>
            </Box>
          ))}
        </Stack>
      ) : null}
      {editing ? (
        <LazyTextDialog
          title={t(editing === 'new' ? 'collections.createTitle' : 'collections.renameTitle')}
          fields={[
            {
              name: 'project',
              label: t('collections.field'),
              required: true,
              maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength,
              initial: editing === 'new' ? '' : editing.project,
            },
          ]}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <LazyDeleteConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()}>
        {t('collections.deleteDetails')}
      </LazyDeleteConfirmDialog>
    </PageFrame>
  );
}
