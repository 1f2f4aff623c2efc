import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import type { Training } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/format-duration';
import { dateTimeFormat } from '@hub/shared/ui';

/** One training, webinar or event: title, start date and time, duration, kind. */
export function TrainingRow({ training }: { training: Training }) {
  const { t } = useTranslation('content');
  const { language } = useRemoteProps();
  const start = new Date(training.date_debut);
  const duration = formatDuration(training.duree_heures);
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="3" aria-labelledby={`training-${training.id}`}>
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Text as="h3" fontWeight="semibold" id={`training-${training.id}`}>
          {training.intitule}
        </Text>
        <Badge variant="subtle" colorPalette="brand">
          {t(`trainings.kind.${training.kind}`)}
        </Badge>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        <time dateTime={training.date_debut}>{dateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(start)}</time>
        {duration ? ` · ${t('trainings.duration', { duration })}` : null}
      </Text>
    </Box>
  );
}
