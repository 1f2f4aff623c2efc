import { Alert } from '@chakra-ui/react';
import { PUBLICATION } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';

/** Above a previewed item: what the customers see of it today. */
export function PreviewBand({ status }: { status: number }) {
  const { t } = useTranslation('content');
  return (
    <Alert.Root status="warning" mb="5" role="status">
      <Alert.Indicator />
      <Alert.Title>{status === PUBLICATION.published ? t('preview.published') : t('preview.draft')}</Alert.Title>
    </Alert.Root>
  );
}
