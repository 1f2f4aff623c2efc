import { Link, Text } from '@chakra-ui/react';
import { highestRole, type AdminUserListItem } from '@hub/shared/api';
import { ListFrame, type ListColumn, type ListFrameProps } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { detailsPath } from '../paths';
import { listFrameState, type ListSource } from '../lib/console-list';

type Forwarded = Omit<ListFrameProps<AdminUserListItem>, 'data' | 'loading' | 'error' | 'onRetry' | 'columns' | 'rowKey'>;

export interface UsersListProps extends Forwarded {
  /** The SWR answer of the list's data source (every user, or the entity's). */
  source: ListSource<AdminUserListItem>;
  /** The list path whose details page each name links to. */
  listPath: string;
  /** The entity column, for a list that spans entities. */
  showEntity?: boolean;
}

/** A users list (name linking to the details, email, role, the entity where asked) searched and paged on the server. */
export function UsersList({ source, listPath, showEntity = false, ...frame }: UsersListProps) {
  const { t } = useTranslation(['admin', 'common']);

  const columns: ListColumn<AdminUserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (user) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(listPath, user.id)}>{`${user.first_name} ${user.last_name}`}</RouterLink>
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
    ...(showEntity
      ? [{ key: 'entity', header: t('users.entity'), render: (user: AdminUserListItem) => user.entity?.name ?? t('users.noEntity') }]
      : []),
  ];

  return (
    <ListFrame
      searchLabel={t('common:search-name-email')}
      {...frame}
      {...listFrameState(source)}
      columns={columns}
      rowKey={(user) => user.id}
    />
  );
}
