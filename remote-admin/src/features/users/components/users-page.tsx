import { Button } from '@chakra-ui/react';
import { ROLES } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { ListFilter, useListParams } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { PowerBiSyncActions } from '../../../components/power-bi-sync';
import { UsersList } from '../../../components/users-list';
import { NO_ENTITY, useAllEntities, useUsers } from '../api/users-api';
import { paths } from '../../../paths';

const FILTERS = ['entity', 'role'] as const;

/** /admin/users (administrator): every user, searched by name or email, filtered by entity and by role. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { startDisplayAs, session } = useRemoteProps();
  const list = useListParams(FILTERS);
  const { params } = list;
  const users = useUsers(params);
  const entities = useAllEntities();

  return (
    <UsersList
      title={t('users.title')}
      list={list}
      source={users}
      listPath={paths.users}
      showEntity
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
