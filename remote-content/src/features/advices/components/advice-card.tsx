import { Badge } from '@chakra-ui/react';
import type { Advice } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { awaitsAcknowledgement, formatDay } from '../../../lib/format-day';
import { paths } from '../../../paths';

export function AdviceCard({ advice }: { advice: Advice }) {
  const { t, i18n } = useTranslation('content');
  const mustRead = awaitsAcknowledgement(advice) ? (
    <Badge colorPalette="orange" variant="solid">
      {advice.must_read_by ? t('advices.mustReadBy', { date: formatDay(i18n.language, advice.must_read_by) }) : t('advices.mustRead')}
    </Badge>
  ) : advice.must_read ? (
    <Badge colorPalette="green" variant="subtle">
      {t('advices.read')}
    </Badge>
  ) : null;
  return (
    <ContentCard
      content={advice}
      headingId={`advice-${advice.id}`}
      level="h2"
      to={paths.adviceDetails(advice.id)}
      badge={
        mustRead || advice.pinned ? (
          <>
            {mustRead}
            {advice.pinned ? (
              <Badge colorPalette="brand" variant="subtle">
                {t('advices.pinned')}
              </Badge>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
