import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** /news-items: titled placeholder until the news list comes. */
export function NewsPage() {
  const { t } = useTranslation('content');
  return (
    <Box as="section" p="6">
      <Heading as="h1" size="2xl" mb="4">
        {t('news.title')}
      </Heading>
      <Text color="fg.muted">{t('news.placeholder')}</Text>
    </Box>
  );
}
