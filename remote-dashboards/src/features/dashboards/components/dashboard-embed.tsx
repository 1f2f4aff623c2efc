import { AbsoluteCenter, Box, ProgressCircle } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { REVEAL_THRESHOLD, useRevealCounter } from '../hooks/use-reveal-counter';

/**
 * The dashboard embed of docs/product.md §2: a frame filling its container with a layer over it that masks
 * clicks. The frame stays hidden while the progress circle counts; it shows once the count passes 100.
 */
export function DashboardEmbed({ id, title, src }: { id: number; title: string; src: string }) {
  const { t } = useTranslation('dashboards');
  const { count, revealed } = useRevealCounter(id);
  return (
    <Box position="relative" w="full" h="full" minH="60vh">
      <iframe
        key={id}
        title={title}
        src={src}
        data-testid="dashboard-frame"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, visibility: revealed ? 'visible' : 'hidden' }}
      />
      <Box position="absolute" inset="0" data-testid="click-mask" aria-hidden="true" />
      {revealed ? null : (
        <AbsoluteCenter>
          <ProgressCircle.Root value={Math.min(count, REVEAL_THRESHOLD)} colorPalette="brand">
            <ProgressCircle.Circle aria-label={t('view.loading')} css={{ '--size': '100px', '--thickness': '8px' }}>
              <ProgressCircle.Track />
              <ProgressCircle.Range />
            </ProgressCircle.Circle>
          </ProgressCircle.Root>
        </AbsoluteCenter>
      )}
    </Box>
  );
}
