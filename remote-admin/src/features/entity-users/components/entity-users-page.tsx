import { useRemoteProps } from '@hub/shared/remote';
import { useListParams } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { EntityGate, useWorkingEntityId } from '../../../components/entity-gate';
import { UsersList } from '../../../components/users-list';
import { useEntityUsers } from '../api/entity-users-api';
import { paths } from '../../../paths';

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
  const users = useEntityUsers(entityId, list.params);
  const entityName = session.user.entity?.id === entityId ? session.user.entity.name : users.data?.items[0]?.entity?.name;

  return (
    <UsersList
      title={entityName ? t('entityUsers.titleOf', { entity: entityName }) : t('entityUsers.title')}
      list={list}
      source={users}
      listPath={paths.entityUsers}
      emptyText={t('entityUsers.empty')}
    />
  );
}
