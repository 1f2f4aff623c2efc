import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths';

/** The route named error, at /error. */
export function ErrorPage() {
  const { t } = useTranslation('shell');
  return (
    <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p="8" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {t('error.title')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {t('error.body')}
      </Text>
      <Link asChild color="brand.fg">
        <RouterLink to={paths.home}>{t('error.home')}</RouterLink>
      </Link>
    </Box>
  );
}
