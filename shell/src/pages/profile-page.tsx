import { Avatar, Box, DataList, Heading, HStack } from '@chakra-ui/react';
import { highestRole, initials } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../shell-context';

/** /profile: who the displayed user is (logo, profile image and contacts come later). */
export function ProfilePage() {
  const { t } = useTranslation('shell');
  const { displayedUser: user } = useSessionState();
  if (!user) return null;
  const role = highestRole(user.rights);
  return (
    <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }}>
      <HStack gap="4" mb="6">
        <Avatar.Root size="lg" colorPalette="brand">
          {user.profile_image ? <Avatar.Image src={user.profile_image.url} alt="" /> : null}
          <Avatar.Fallback>{initials(user)}</Avatar.Fallback>
        </Avatar.Root>
        <Heading as="h1" size="2xl">
          {t('profile.title')}
        </Heading>
      </HStack>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
          <DataList.ItemValue>{user.email}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.role')}</DataList.ItemLabel>
          <DataList.ItemValue>{role ? t(`roles.${role}`) : '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.entity')}</DataList.ItemLabel>
          <DataList.ItemValue>{user.entity?.name ?? t('profile.noEntity')}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}
