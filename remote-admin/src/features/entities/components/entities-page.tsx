import { Box, Button, HStack, Image, Link, Text } from '@chakra-ui/react';
import type { Entity } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { DeleteConfirmDialog, ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { detailsPath, paths } from '../../../paths';
import { deleteEntity, useEntities } from '../api/entities-api';
import { listFrameState, useConsoleDelete } from '../../../lib/console-list';

/**
 * /admin/entities (administrator): the companies with their logo and number of users. Deleting one
 * is confirmed with what happens: its users are left without a company, its content goes with it.
 */
export function EntitiesPage() {
  const { t } = useTranslation('admin');
  const { adminApi } = useRemoteProps();
  const navigate = useNavigate();
  const list = useListParams();
  const source = useEntities(list.params);
  const remover = useConsoleDelete((entity: Entity) => deleteEntity(adminApi, entity.id), t('entities.deleted'), source.mutate);
  const { deleting } = remover;

  const columns: ListColumn<Entity>[] = [
    {
      key: 'name',
      header: t('entities.name'),
      render: (entity) => (
        <HStack gap="3">
          {entity.logo ? (
            <Image src={entity.logo.url} alt="" boxSize="8" objectFit="contain" borderRadius="sm" bg="bg.muted" />
          ) : (
            <Box aria-hidden="true" boxSize="8" borderRadius="sm" bg="bg.muted" />
          )}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={detailsPath(paths.entities, entity.id)}>{entity.name}</RouterLink>
          </Link>
        </HStack>
      ),
    },
    {
      key: 'users_count',
      header: t('entities.usersCount'),
      render: (entity) => <Text as="span">{entity.users_count}</Text>,
    },
  ];

  return (
    <>
      <ListFrame
        title={t('entities.title')}
        list={list}
        {...listFrameState(source)}
        columns={columns}
        rowKey={(entity) => entity.id}
        rowActions={(entity) => (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remover.ask(entity)}>
            {t('list.delete', { title: entity.name })}
          </Button>
        )}
        emptyText={t('entities.empty')}
        onCreate={() => navigate(detailsPath(paths.entities))}
        createLabel={t('entities.create')}
      />
      <DeleteConfirmDialog {...remover.dialog}>
        {deleting &&
          (deleting.users_count > 0
            ? t('entities.deleteWithUsers', { name: deleting.name, count: deleting.users_count })
            : t('entities.deleteEmpty', { name: deleting.name }))}
      </DeleteConfirmDialog>
    </>
  );
}
