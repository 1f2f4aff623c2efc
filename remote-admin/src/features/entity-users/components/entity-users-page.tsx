import { Link, Text } from '@chakra-ui/react';
import { highestRole, type AdminUserListItem } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EntityGate, useWorkingEntityId } from '../../../components/entity-gate';
import { detailsPath } from '../../../paths';
import { peoplePaths } from '../../../people-paths';
import { useEntityUsers } from '../api/entity-users-api';

/** /entity/admin/users (contributor or more): the users of the entity in force, searched and paged on the server. */
export function EntityUsersPage() {
  return (
    <EntityGate>
      <EntityUsersList />
    </EntityGate>
  );
}

function EntityUsersList() {
  const { t } = useTranslation('admin');
  const { session } = useRemoteProps();
  const entityId = useWorkingEntityId()!;
  const list = useListParams();
  const { data, error, isLoading, isValidating, mutate } = useEntityUsers(entityId, list.params);
  const entityName = session.user.entity?.id === entityId ? session.user.entity.name : data?.items[0]?.entity?.name;

  const columns: ListColumn<AdminUserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (user) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(peoplePaths.entityUsers, user.id)}>{`${user.first_name} ${user.last_name}`}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'email',
      header: t('users.email'),
      render: (user) => (
        <Text as="span" wordBreak="break-all">
          {user.email}
        </Text>
      ),
    },
    { key: 'role', header: t('users.role'), render: (user) => t(`users.roles.${highestRole(user.rights) ?? 'user'}`) },
  ];

  return (
    <ListFrame
      title={entityName ? t('entityUsers.titleOf', { entity: entityName }) : t('entityUsers.title')}
      list={list}
      data={data}
      loading={isLoading || (isValidating && !data)}
      error={Boolean(error)}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(user) => user.id}
      emptyText={t('entityUsers.empty')}
    />
  );
}
