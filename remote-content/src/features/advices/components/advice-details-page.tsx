import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../paths';

/** /advices/details/:id: a placeholder until the advice page comes. */
export function AdviceDetailsPage() {
  const { t } = useTranslation('content');
  return (
    <Box as="section" p="6">
      <Heading as="h1" size="2xl" mb="4">
        {t('adviceDetails.title')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('adviceDetails.placeholder')}
      </Text>
      <Link asChild color="brand.fg">
        <RouterLink to={paths.advices}>{t('adviceDetails.back')}</RouterLink>
      </Link>
    </Box>
  );
}
