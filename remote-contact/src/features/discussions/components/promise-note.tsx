import { Stack, Text } from '@chakra-ui/react';
import type { Discussion, NotificationPreferences } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { formatDate } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

/**
 * The customer's time zone, from their notification preferences (the zone their emails use), so
 * that the page and the emails name the same hour. Until it is read, or if it cannot be, the
 * browser's zone.
 */
function useTimeZone(): string | undefined {
  const { api, session } = useRemoteProps();
  const { data } = useSWR(['notifications', 'preferences', session.displayedUser.id], () =>
    api.get<NotificationPreferences>('/notifications/preferences', undefined, { silent: true }),
  );
  return data?.time_zone;
}

interface PromiseNoteProps {
  /** The customer's open discussion shown, or null when there is none yet. */
  discussion: Discussion | null;
  /** The consultant's first name when there is no discussion to read it from. */
  fallbackName: string;
}

/**
 * When the consultant will answer, from the discussion's `promise`: the target, the reply-by time
 * while the customer waits, and who answers while the consultant is away.
 */
export function PromiseNote({ discussion, fallbackName }: PromiseNoteProps) {
  const { t } = useTranslation('contact');
  const { language } = useRemoteProps();
  const timeZone = useTimeZone();
  const promise = discussion?.promise ?? null;
  const name = discussion?.consultant?.first_name ?? fallbackName;

  if (!promise) {
    return (
      <Text color="fg.muted" mb="4">
        {t('promise.general', { name })}
      </Text>
    );
  }

  const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(promise.target_hours);
  const waiting = promise.waiting_on === 'staff';
  const main =
    waiting && promise.reply_by
      ? t('promise.withinBy', {
          name,
          hours,
          count: promise.target_hours,
          date: formatDate(promise.reply_by, language, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            hour: '2-digit',
            minute: '2-digit',
            timeZone,
          }),
        })
      : t('promise.within', { name, hours, count: promise.target_hours });
  const standIn = promise.away_until && promise.stand_in ? promise.stand_in.first_name : null;

  // Polite live region: when the consultant answers or goes away, a screen reader hears the new promise.
  return (
    <Stack as="section" aria-label={t('promise.label')} aria-live="polite" gap="1" mb="4" color="fg.muted">
      <Text>{main}</Text>
      {standIn && promise.away_until ? (
        <Text>
          {t('promise.away', {
            name,
            standIn,
            // A date without a time: read as that calendar day wherever the reader is.
            date: formatDate(`${promise.away_until}T00:00:00Z`, language, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
          })}
        </Text>
      ) : null}
      {standIn && waiting && promise.reply_by ? <Text>{t('promise.standInHours', { standIn })}</Text> : null}
    </Stack>
  );
}
