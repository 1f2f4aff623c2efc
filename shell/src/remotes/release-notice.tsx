import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseWatcher } from './release-watcher';

const reloadPage = () => window.location.reload();

/**
 * The release watcher's offer (docs/product.md, "A new version of a part"): a calm notice at the
 * foot of the page, announced politely to screen readers, that never takes the focus and never
 * reloads by itself. "Reload" reloads the page; "Not now" puts the offer aside for this page.
 * The live region is always there, so that its text is announced when it comes (a plain polite
 * region rather than role="status": the page's other status messages stay the only ones by role).
 */
export function ReleaseNotice({ watcher, reload = reloadPage }: { watcher: ReleaseWatcher; reload?: () => void }) {
  const { t } = useTranslation('shell');
  const offered = useSyncExternalStore(watcher.subscribe, watcher.offered);
  return (
    <Box
      aria-live="polite"
      aria-atomic="true"
      data-release-notice=""
      position="fixed"
      insetInline="4"
      bottom="4"
      zIndex="banner"
      display="flex"
      justifyContent="center"
      pointerEvents="none"
    >
      {offered.length > 0 ? (
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
            <Button size="sm" variant="ghost" onClick={() => watcher.dismiss()}>
              {t('releaseOffer.later')}
            </Button>
            <Button size="sm" colorPalette="brand" onClick={reload}>
              {t('releaseOffer.reload')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </Box>
  );
}
