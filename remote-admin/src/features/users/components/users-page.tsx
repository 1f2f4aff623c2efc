import { Button, Link, Text } from '@chakra-ui/react';
import { highestRole, ROLES, type AdminUserListItem } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { ListFilter, ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PowerBiSyncActions } from '../../../components/power-bi-sync';
import { detailsPath } from '../../../paths';
import { peoplePaths } from '../../../people-paths';
import { NO_ENTITY, useAllEntities, useUsers } from '../api/users-api';

const FILTERS = ['entity', 'role'] as const;

/** /admin/users (administrator): every user, searched by name or email, filtered by entity and by role. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { startDisplayAs, session } = useRemoteProps();
  const list = useListParams(FILTERS);
  const { params } = list;
  const { data, error, isLoading, isValidating, mutate } = useUsers(params);
  const entities = useAllEntities();

  const columns: ListColumn<AdminUserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (user) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(peoplePaths.users, user.id)}>{`${user.first_name} ${user.last_name}`}</RouterLink>
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
    { key: 'entity', header: t('users.entity'), render: (user) => user.entity?.name ?? t('users.noEntity') },
  ];

  return (
    <ListFrame
      title={t('users.title')}
      list={list}
      data={data}
      loading={isLoading || (isValidating && !data)}
      error={Boolean(error)}
      onRetry={() => void mutate()}
      columns={columns}
      rowKey={(user) => user.id}
      rowActions={
        startDisplayAs
          ? (user) =>
              // Not oneself: the server refuses it, and it would show nothing new.
              user.id === session.user.id ? null : (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('users.displayAs', { name: `${user.first_name} ${user.last_name}` })}
                  onClick={() => void startDisplayAs(user.id, { includesUnpublished: false })}
                >
                  {t('users.displayAsShort')}
                </Button>
              )
          : undefined
      }
      filters={
        <>
          <ListFilter
            label={t('users.entity')}
            value={params.filters.entity ?? ''}
            onChange={(value) => list.setFilter('entity', value)}
            allLabel={t('users.allEntities')}
            options={[
              { value: NO_ENTITY, label: t('users.noEntity') },
              ...(entities.data?.items ?? []).map((entity) => ({ value: String(entity.id), label: entity.name })),
            ]}
          />
          <ListFilter
            label={t('users.role')}
            value={params.filters.role ?? ''}
            onChange={(value) => list.setFilter('role', value)}
            allLabel={t('users.allRoles')}
            options={ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
          />
        </>
      }
      emptyText={t('users.empty')}
      actions={<PowerBiSyncActions kinds={['users']} />}
    />
  );
}
