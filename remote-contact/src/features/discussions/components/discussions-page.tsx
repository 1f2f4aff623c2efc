import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The contact area's landing page: its title for now, proving the wiring from the shell. */
export function DiscussionsPage() {
  const { t } = useTranslation('contact');
  return (
    <Box as="section" p="6">
      <Heading as="h1" size="2xl" mb="4">
        {t('title')}
      </Heading>
      <Text color="fg.muted">{t('empty')}</Text>
    </Box>
  );
}
