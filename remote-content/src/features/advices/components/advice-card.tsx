import { Badge } from '@chakra-ui/react';
import type { Advice } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { paths } from '../../../paths';

export function AdviceCard({ advice }: { advice: Advice }) {
  const { t } = useTranslation('content');
  return (
    <ContentCard
      content={advice}
      headingId={`advice-${advice.id}`}
      level="h2"
      to={paths.adviceDetails(advice.id)}
      badge={
        advice.pinned ? (
          <Badge colorPalette="brand" variant="subtle">
            {t('advices.pinned')}
          </Badge>
        ) : null
      }
    />
  );
}
