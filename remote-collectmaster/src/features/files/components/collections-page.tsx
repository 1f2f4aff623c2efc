import { Button } from '@chakra-ui/react';
import type { Collection } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { createCollection, deleteCollection, updateCollection, useCollections, useEntities } from '../../../api/file-exchange';
import { PageFrame } from '../../../components/page-frame';
import { useIsStaff } from '../../../lib/use-staff';
import { paths } from '../../../paths';
import { ListStates } from './list-states';
import { NamedItemList } from './named-item-list';

/** /collectmaster/{slug}: a company's collections (projects). */
export function CollectionsPage() {
  const { t } = useTranslation('collectmaster');
  const { filesApi } = useRemoteProps();
  const slug = useParams().slug ?? '';
  const staff = useIsStaff();
  const entities = useEntities();
  const collections = useCollections(slug);
  const entity = entities.data?.items.find((item) => item.slug === slug);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const items = collections.data?.items ?? [];
  const title = entity?.name ?? items[0]?.entity ?? slug;

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
      <NamedItemList
        items={items}
        kind="collections"
        field="project"
        staff={staff}
        editing={editing}
        onEditingChange={setEditing}
        href={(collection) => paths.collection(slug, collection.id)}
        details={(collection) => t('collections.folders', { count: collection.folders_count })}
        create={(body) => createCollection(filesApi, entity!.id, body)}
        update={(collection, body) => updateCollection(filesApi, collection.id, body)}
        remove={(collection) => deleteCollection(filesApi, collection.id)}
        onChanged={() => collections.mutate()}
      />
    </PageFrame>
  );
}
