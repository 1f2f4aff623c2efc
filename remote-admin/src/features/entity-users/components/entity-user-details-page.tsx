import { Box, DataList, Heading, Image, Link, Text } from '@chakra-ui/react';
import { type AdminUserListItem, highestRole, parseId } from '@hub/shared/api';
import { IMAGE_DISPLAY_SIZES, LoadState } from '@hub/shared/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EntityGate, useWorkingEntityId } from '../../../components/entity-gate';
import { statusOf } from '../../../lib/field-error';
import { useEntityUser } from '../api/entity-users-api';
import { paths } from '../../../paths';

/**
 * /entity/admin/users/details/{id} (contributor or more): a user of the entity in force, read-only
 * (docs/product.md §6: changing users is the administrators' console). Another company's user is not found (404).
 */
export function EntityUserDetailsPage() {
  return (
    <EntityGate>
      <EntityUserDetails />
    </EntityGate>
  );
}

function EntityUserDetails() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const entityId = useWorkingEntityId()!;
  const { data, error, isLoading, mutate } = useEntityUser(entityId, id);
  const { t } = useTranslation('admin');
  if (!data) {
    const status = statusOf(error);
    const missing = id === null || status === 404 || status === 403;
    return (
      <Box as="section" p={{ base: '3', md: '6' }}>
        <Link asChild color="brand.fg" mb="4" display="inline-block">
          <RouterLink to={paths.entityUsers}>{t('entityUsers.title')}</RouterLink>
        </Link>
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          failedText={missing ? t('notFound') : undefined}
          onRetry={missing ? undefined : () => void mutate()}
        />
      </Box>
    );
  }
  return <UserView user={data} />;
}

function UserView({ user }: { user: AdminUserListItem }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const role = highestRole(user.rights) ?? 'user';
  const name = `${user.first_name} ${user.last_name}`;
  const size = IMAGE_DISPLAY_SIZES.profile;
  const rows = [
    { label: t('users.email'), value: <Text wordBreak="break-all">{user.email}</Text> },
    {
      label: t('users.role'),
      value: (
        <Box>
          <Text>{t(`users.roles.${role}`)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t(`users.roleHelp.${role}`)}
          </Text>
        </Box>
      ),
    },
    { label: t('users.entity'), value: user.entity?.name ?? t('users.noEntity') },
    { label: t('entityUsers.contact'), value: user.contact_enable ? t('entityUsers.contactYes') : t('entityUsers.contactNo') },
    {
      label: t('entityUsers.profileImage'),
      value: user.profile_image ? (
        <Image
          src={user.profile_image.url}
          alt={user.profile_image.description || user.profile_image.name}
          boxSize={`${size.width}px`}
          borderRadius="full"
          objectFit="cover"
        />
      ) : (
        <Text color="fg.muted">{t('entityUsers.noProfileImage')}</Text>
      ),
    },
  ];

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="2xl" aria-labelledby={titleId}>
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.entityUsers}>{t('entityUsers.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="2" id={titleId} wordBreak="break-word">
        {t('entityUsers.detailsTitle', { name })}
      </Heading>
      <Text color="fg.muted" mb="5">
        {t('entityUsers.readOnly')}
      </Text>
      <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="4">
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel minW="10rem">{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Box>
  );
}
