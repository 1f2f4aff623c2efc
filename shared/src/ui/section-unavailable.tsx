import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface SectionUnavailableProps {
  onRetry: () => void;
  /** Other words than "This section is unavailable" (the shell's "being updated" for a remote that does not fit). */
  title?: string;
  body?: string;
}

/** Shown in a remote's own area when it fails to load or throws; the rest of the portal keeps working. */
export function SectionUnavailable({ onRetry, title, body }: SectionUnavailableProps) {
  const { t } = useTranslation('common');
  return (
    <Box role="alert" borderWidth="1px" borderRadius="md" p="6" textAlign="center" bg="bg.subtle">
      <Heading as="h2" size="md" mb="2">
        {title ?? t('sectionUnavailable.title')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {body ?? t('sectionUnavailable.body')}
      </Text>
      <Button colorPalette="brand" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Box>
  );
}
