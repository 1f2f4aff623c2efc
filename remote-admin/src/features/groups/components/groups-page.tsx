import { Button, Link, Text } from '@chakra-ui/react';
import type { GroupListItem } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog, ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PowerBiSyncActions } from '../../../components/power-bi-sync';
import { groupsPaths } from '../../../groups-paths';
import { detailsPath } from '../../../paths';
import { deleteGroup, useGroups } from '../api/groups-api';

/**
 * /admin/groups (administrator): the groups with their name on the Power BI report server and their
 * number of members, searched by name; "Refresh groups" and "Refresh users" run the report-server sync.
 */
export function GroupsPage() {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const navigate = useNavigate();
  const list = useListParams();
  const { data, error, isLoading, isValidating, mutate } = useGroups(list.params);
  const [deleting, setDeleting] = useState<GroupListItem | null>(null);
  const [busy, setBusy] = useState(false);

  const columns: ListColumn<GroupListItem>[] = [
    {
      key: 'name',
      header: t('groups.name'),
      render: (group) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(groupsPaths.groups, group.id)}>{group.name}</RouterLink>
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

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteGroup(adminApi, deleting.id);
      notify({ kind: 'success', message: t('groups.deleted') });
      setDeleting(null);
      await mutate();
    } catch {
      // The API client's own toast says what failed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ListFrame
        title={t('groups.title')}
        list={list}
        data={data}
        loading={isLoading || (isValidating && !data)}
        error={Boolean(error)}
        onRetry={() => void mutate()}
        columns={columns}
        rowKey={(group) => group.id}
        rowActions={(group) => (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(group)}>
            {t('list.delete', { title: group.name })}
          </Button>
        )}
        actions={<PowerBiSyncActions kinds={['groups', 'users']} onDone={(kind) => void (kind === 'groups' && mutate())} />}
        emptyText={t('groups.empty')}
        onCreate={() => navigate(detailsPath(groupsPaths.groups))}
        createLabel={t('groups.create')}
      />
      <LazyDeleteConfirmDialog
        open={deleting !== null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        {deleting &&
          (deleting.users_count > 0
            ? t('groups.deleteWithUsers', { name: deleting.name, count: deleting.users_count })
            : t('groups.deleteEmpty', { name: deleting.name }))}
      </LazyDeleteConfirmDialog>
    </>
  );
}
