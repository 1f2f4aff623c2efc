import { Button } from '@chakra-ui/react';
import type { Folder } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { createFolder, deleteFolder, updateFolder, useCollection, useFolders } from '../../../api/file-exchange';
import { DueBadge } from '../../../components/due-badge';
import { PageFrame } from '../../../components/page-frame';
import { useIsStaff } from '../../../lib/use-staff';
import { paths } from '../../../paths';
import { ListStates } from './list-states';
import { NamedItemList } from './named-item-list';

/** /collectmaster/{slug}/{collectionId}: a collection's folders. */
export function FoldersPage() {
  const { t } = useTranslation('collectmaster');
  const { filesApi } = useRemoteProps();
  const params = useParams();
  const slug = params.slug ?? '';
  const collectionId = Number(params.collectionId);
  const staff = useIsStaff();
  const collection = useCollection(collectionId);
  const folders = useFolders(collectionId);
  const [editing, setEditing] = useState<Folder | 'new' | null>(null);
  const items = folders.data?.items ?? [];
  const title = collection.data?.project ?? '…';
  const found = !folders.error;

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
      <NamedItemList
        items={items}
        kind="folders"
        field="name"
        staff={staff}
        editing={editing}
        onEditingChange={setEditing}
        href={(folder) => paths.folder(slug, collectionId, folder.id)}
        details={(folder) => (
          <>
            {t('folders.files', { count: folder.files_count })}
            {folder.missing_count > 0 ? ` · ${t('folders.missing', { count: folder.missing_count })}` : null}
            {folder.due_open && folder.due_on ? (
              <>
                {' '}
                <DueBadge dueOn={folder.due_on} />
              </>
            ) : null}
          </>
        )}
        create={(body) => createFolder(filesApi, collectionId, body)}
        update={(folder, body) => updateFolder(filesApi, folder.id, body)}
        remove={(folder) => deleteFolder(filesApi, folder.id)}
        onChanged={() => folders.mutate()}
      />
    </PageFrame>
  );
}
