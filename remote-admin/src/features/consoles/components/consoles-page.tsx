import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { CONSOLES, hasRole } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** /admin and /entity/admin: the consoles of that area the signed-in user may open. */
export function ConsolesPage({ area }: { area: 'main' | 'entity' }) {
  const { t } = useTranslation('admin');
  const { session } = useRemoteProps();
  const consoles = CONSOLES.filter((entry) => entry.area === area && hasRole(session.user.rights, entry.role));
  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Heading as="h1" size="2xl" mb="2">
        {area === 'main' ? t('index.mainTitle') : t('index.entityTitle')}
      </Heading>
      {consoles.length === 0 ? (
        <Text color="fg.muted">{t('empty')}</Text>
      ) : (
        <>
          <Text color="fg.muted" mb="4">
            {t('index.intro')}
          </Text>
          <Stack as="ul" listStyleType="none" gap="2">
            {consoles.map((entry) => (
              <li key={entry.path}>
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to={entry.path}>{t(`consoles.${entry.key}`)}</RouterLink>
                </Link>
              </li>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
