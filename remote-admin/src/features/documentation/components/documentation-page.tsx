import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['content', 'audience', 'displayAs', 'discussions'] as const;

/** The consultants' documentation (/documentation) and the entity administrators' (/entity/documentation). */
export function DocumentationPage({ area }: { area: 'main' | 'entity' }) {
  const { t } = useTranslation('admin');
  return (
    <Box as="article" p={{ base: '4', md: '6' }} maxW="3xl">
      <Heading as="h1" size="2xl" mb="2">
        {t(area === 'main' ? 'documentation.title' : 'documentation.entityTitle')}
      </Heading>
      <Text color="fg.muted" mb="6">
        {t('documentation.intro')}
      </Text>
      <Stack gap="5">
        {SECTIONS.map((section) => (
          <Box as="section" key={section} aria-labelledby={`doc-${section}`}>
            <Heading as="h2" size="md" mb="1" id={`doc-${section}`}>
              {t(`documentation.sections.${section}.title`)}
            </Heading>
            <Text>{t(`documentation.sections.${section}.body`)}</Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
