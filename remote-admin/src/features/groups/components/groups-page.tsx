import { Button, Link, Text } from '@chakra-ui/react';
import type { GroupListItem } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog, ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PowerBiSyncActions } from '../../../components/power-bi-sync';
import { detailsPath, paths } from '../../../paths';
import { deleteGroup, useGroups } from '../api/groups-api';
import { listFrameState, useConsoleDelete } from '../../../lib/console-list';

/**
 * /admin/groups (administrator): the groups with their name on the Power BI report server and their
 * number of members, searched by name; "Refresh groups" and "Refresh users" run the report-server sync.
 */
export function GroupsPage() {
  const { t } = useTranslation('admin');
  const { adminApi } = useRemoteProps();
  const navigate = useNavigate();
  const list = useListParams();
  const source = useGroups(list.params);
  const remover = useConsoleDelete((group: GroupListItem) => deleteGroup(adminApi, group.id), t('groups.deleted'), source.mutate);

  const columns: ListColumn<GroupListItem>[] = [
    {
      key: 'name',
      header: t('groups.name'),
      render: (group) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(paths.groups, group.id)}>{group.name}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'pbi_group_name',
      header: t('groups.pbiName'),
      render: (group) =>
        group.pbi_group_name ? (
          <Text as="span" wordBreak="break-all">
            {group.pbi_group_name}
          </Text>
        ) : (
          <Text as="span" color="fg.muted">
            {t('groups.notLinked')}
          </Text>
        ),
    },
    { key: 'users_count', header: t('groups.usersCount'), render: (group) => <Text as="span">{group.users_count}</Text> },
  ];

  return (
    <>
      <ListFrame
        title={t('groups.title')}
        list={list}
        {...listFrameState(source)}
        columns={columns}
        rowKey={(group) => group.id}
        rowActions={(group) => (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remover.ask(group)}>
            {t('list.delete', { title: group.name })}
          </Button>
        )}
        actions={<PowerBiSyncActions kinds={['groups', 'users']} onDone={(kind) => void (kind === 'groups' && source.mutate())} />}
        emptyText={t('groups.empty')}
        onCreate={() => navigate(detailsPath(paths.groups))}
        createLabel={t('groups.create')}
      />
      <LazyDeleteConfirmDialog {...remover.dialog}>
        {remover.deleting &&
          (remover.deleting.users_count > 0
            ? t('groups.deleteWithUsers', { name: remover.deleting.name, count: remover.deleting.users_count })
            : t('groups.deleteEmpty', { name: remover.deleting.name }))}
      </LazyDeleteConfirmDialog>
    </>
  );
}
