import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ChakraRoot } from '../layout/chakra-root';
import { paths } from '../paths';

/** /pages/misc/not-found/*: public, in a blank layout (no navigation). */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <ChakraRoot>
      <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6" bg="bg.subtle">
        <Box textAlign="center" maxW="md">
          <Text fontSize="6xl" fontWeight="bold" color="brand.fg" aria-hidden="true">
            404
          </Text>
          <Heading as="h1" size="2xl" mb="3">
            {t('notFound.title')}
          </Heading>
          <Text color="fg.muted" mb="6">
            {t('notFound.body')}
          </Text>
          <Link asChild color="brand.fg">
            <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
          </Link>
        </Box>
      </Box>
    </ChakraRoot>
  );
}
