import { Box, Text } from '@chakra-ui/react';
import { hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A console for administrators only: the API refuses others too; this says so first, with the console's own words. */
export function AdministratorsOnly({
  children,
  section,
}: {
  children: ReactNode;
  /** The i18n section whose `administratorsOnly` message is shown. */
  section: 'groups' | 'audit' | 'tickets' | 'categories' | 'people';
}) {
  const { session } = useRemoteProps();
  const { t } = useTranslation('admin');
  if (hasRole(session.user.rights, 'administrator')) return <>{children}</>;
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Text role="alert">{t(`${section}.administratorsOnly`)}</Text>
    </Box>
  );
}
