import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FILE_EXCHANGE_LIMITS, type Folder } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { createFolder, deleteFolder, updateFolder, useCollection, useFolders } from '../../../api/file-exchange';
import { PageFrame } from '../../../components/page-frame';
import { LazyTextDialog } from '../../../components/lazy-text-dialog';
import { useIsStaff } from '../../../lib/use-staff';
import { paths } from '../../../paths';
import { ListStates } from './list-states';

/** /collectmaster/{slug}/{collectionId}: a collection's folders. */
export function FoldersPage() {
  const { t } = useTranslation('collectmaster');
  const { filesApi, notify } = useRemoteProps();
  const params = useParams();
  const slug = params.slug ?? '';
  const collectionId = Number(params.collectionId);
  const staff = useIsStaff();
  const collection = useCollection(collectionId);
  const folders = useFolders(collectionId);
  const [editing, setEditing] = useState<Folder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const [busy, setBusy] = useState(false);
  const items = folders.data?.items ?? [];
  const title = collection.data?.project ?? '…';
  const found = !folders.error;

  async function save(values: Record<string, string>) {
    const body = { name: values.name ?? '' };
    if (editing === 'new') await createFolder(filesApi, collectionId, body);
    else if (editing) await updateFolder(filesApi, editing.id, body);
    notify({ kind: 'success', message: t(editing === 'new' ? 'folders.created' : 'folders.updated') });
    await folders.mutate();
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteFolder(filesApi, deleting.id);
      notify({ kind: 'success', message: t('folders.deleted') });
      setDeleting(null);
      await folders.mutate();
    } catch {
      // the API client has shown the error toast
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={title}
      crumbs={[
        { label: t('title'), to: paths.collectmaster },
        { label: collection.data?.entity ?? slug, to: paths.entity(slug) },
        { label: title },
      ]}
      actions={
        staff && found && collection.data ? (
          <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
            {t('folders.create')}
          </Button>
        ) : null
      }
    >
      <ListStates
        isLoading={folders.isLoading}
        error={folders.error}
        empty={items.length === 0}
        text={{
          loading: t('folders.loading'),
          failed: t('folders.failed'),
          notFound: t('folders.notFound'),
          empty: t(staff ? 'folders.emptyStaff' : 'folders.empty'),
        }}
        onRetry={() => void folders.mutate()}
      />
      {items.length > 0 ? (
        <Stack as="ul" aria-label={t('folders.title')} gap="2" p="0" m="0">
          {items.map((folder) => (
            <Box as="li" key={folder.id} listStyleType="none" borderWidth="1px" borderRadius="md" bg="bg" p="3">
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2">
                <Box minW="0">
                  <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }} wordBreak="break-word">
                    <RouterLink to={paths.folder(slug, collectionId, folder.id)}>{folder.name}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {t('folders.files', { count: folder.files_count })}
                    {folder.missing_count > 0 ? ` · ${t('folders.missing', { count: folder.missing_count })}` : null}
                  </Text>
                </Box>
                {staff ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('folders.rename', { name: folder.name })}
                      onClick={() => setEditing(folder)}
                    >
                      {t('actions.rename')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('folders.delete', { name: folder.name })}
                      onClick={() => setDeleting(folder)}
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
          title={t(editing === 'new' ? 'folders.createTitle' : 'folders.renameTitle')}
          fields={[
            {
              name: 'name',
              label: t('folders.field'),
              required: true,
              maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength,
              initial: editing === 'new' ? '' : editing.name,
            },
          ]}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <LazyDeleteConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()}>
        {t('folders.deleteDetails')}
      </LazyDeleteConfirmDialog>
    </PageFrame>
  );
}
