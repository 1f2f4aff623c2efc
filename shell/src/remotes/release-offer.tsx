import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@hub/shared/api';

/** The offer itself, drawn inside the notice's live region (release-notice.tsx) once there is one. */
export default function ReleaseOffer({
  offered,
  dismiss,
  reload,
}: {
  offered: readonly RemoteName[];
  dismiss: () => void;
  reload: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Flex
      pointerEvents="auto"
      data-release-offer={offered.join(' ')}
      align="center"
      wrap="wrap"
      gap="3"
      maxW="lg"
      w="full"
      px="4"
      py="3"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      boxShadow="md"
    >
      <Text flex="1" minW="40" textStyle="sm">
        {t('releaseOffer.message')}
      </Text>
      <Flex gap="2" ms="auto">
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {t('releaseOffer.later')}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={reload}>
          {t('releaseOffer.reload')}
        </Button>
      </Flex>
    </Flex>
  );
}
