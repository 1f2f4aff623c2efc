import { Badge } from '@chakra-ui/react';
import { readPublicationStatus, PUBLICATION } from '../api/publication';
import { useTranslation } from 'react-i18next';

export interface StatusChipProps {
  /** The publication code of docs/product.md §4: 16 published, anything else draft. */
  status: number;
}

/** The publication status as a chip with its text (never colour alone): 'Draft' or 'Published'. */
export function StatusChip({ status }: StatusChipProps) {
  const { t } = useTranslation('common');
  const published = readPublicationStatus(status) === PUBLICATION.published;
  return (
    <Badge colorPalette={published ? 'green' : 'gray'} variant="subtle">
      {published ? t('status.published') : t('status.draft')}
    </Badge>
  );
}
