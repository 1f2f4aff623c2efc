import { Box, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../api/file-exchange-paths';

export type TransferTone = 'active' | 'paused' | 'error' | 'done' | 'neutral';

export interface TransferRowProps {
  /** The file's name: shown, and the name of the progress bar. */
  name: string;
  /** Bytes in all, and bytes sent so far. */
  total: number;
  sent: number;
  /** Bytes per second, null while unknown (not shown). */
  speed?: number | null;
  /** Seconds left, null while unknown (not shown). */
  secondsLeft?: number | null;
  /** Where the transfer stands, in words (never colour alone). */
  statusText: string;
  tone: TransferTone;
  /** The row's buttons (pause, resume, cancel, retry…). */
  actions?: ReactNode;
  /** Under the bar: a question to answer, an error's text. */
  children?: ReactNode;
}

const PALETTE: Record<TransferTone, string> = { active: 'blue', paused: 'gray', error: 'red', done: 'green', neutral: 'gray' };

/** '1 h 5 min', '3 min 20 s', '45 s': a time left, short and language-neutral. */
export function formatSecondsLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/**
 * One file's transfer: its name, a progress bar named after it, how much of how much, the speed and
 * the time left, its state in words, and its buttons. Knows nothing of the transport: the caller
 * (an upload queue, a download) feeds it numbers.
 */
export function TransferRow({ name, total, sent, speed, secondsLeft, statusText, tone, actions, children }: TransferRowProps) {
  const { t } = useTranslation('common');
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : tone === 'done' ? 100 : 0;
  const facts = [t('transfer.amount', { sent: formatBytes(sent), total: formatBytes(total) })];
  if (speed != null && tone === 'active') facts.push(t('transfer.speed', { speed: formatBytes(Math.round(speed)) }));
  if (secondsLeft != null && tone === 'active') facts.push(t('transfer.left', { time: formatSecondsLeft(secondsLeft) }));
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
        <Progress.Root value={percent} size="sm" colorPalette={PALETTE[tone]} flex="1" minW="0">
          <HStack justify="space-between" gap="2" mb="1">
            <Progress.Label fontWeight="medium" truncate minW="0">
              {name}
            </Progress.Label>
            <Text fontSize="sm" flexShrink={0}>
              {percent} %
            </Text>
          </HStack>
          <Progress.Track aria-label={name} aria-valuetext={`${percent} %`}>
            <Progress.Range />
          </Progress.Track>
          <Text fontSize="sm" color="fg.muted" mt="1">
            <Text as="span" fontWeight="medium" color={tone === 'error' ? 'red.fg' : 'fg'}>
              {statusText}
            </Text>
            {' · '}
            {facts.join(' · ')}
          </Text>
        </Progress.Root>
        {actions ? (
          <HStack gap="1" flexWrap="wrap" flexShrink={0}>
            {actions}
          </HStack>
        ) : null}
      </Stack>
      {children ? <Box mt="2">{children}</Box> : null}
    </Box>
  );
}
