import { Badge, Box, Button, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleKit } from './use-console-kit';
import useSWR from 'swr';
import type { ApiClient } from '../api/http-client';
import type { Schedule, SchedulableKind, ScheduleList } from '../api/schedules';
import { dateTimeFormat } from './date-format';

/** The scheduled drafts of one kind, by id (GET /api/admin/schedules?kind=…): for lists and forms. */
export function useSchedules(api: ApiClient, kind: SchedulableKind) {
  const swr = useSWR([api.baseUrl, 'schedules', kind], () => api.get<ScheduleList>('/schedules', { kind }, { silent: true }));
  const byId = new Map<number, Schedule>((swr.data?.items ?? []).map((schedule) => [schedule.id, schedule]));
  return { ...swr, byId };
}

/** 'Scheduled for 26 Nov 2026, 09:00' beside a draft in a list. */
export function ScheduledFor({ at }: { at: string }) {
  const { i18n } = useTranslation('common');
  const { t: tKit } = useConsoleKit();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Badge colorPalette="purple" variant="subtle">
      {tKit('schedule.scheduledFor', { date: format.format(new Date(at)) })}
    </Badge>
  );
}

/** An ISO date-time as a `datetime-local` value, in the browser's time zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface SchedulePublicationProps {
  /** The admin API client (`/api/admin`). */
  api: ApiClient;
  kind: SchedulableKind;
  /** A saved item's id. */
  id: number;
  /** A published item cannot be scheduled: only the preview link shows. */
  published: boolean;
  /** Unsaved changes: scheduling waits for them to be saved (the scheduler publishes what is saved). */
  dirty?: boolean;
  /** Where customers' page of this item is, opened as a preview (`?preview=true`). */
  previewHref?: string;
  /** After a schedule is set or cleared (a list to refresh, say). */
  onChange?: () => void;
}

/**
 * Scheduled publishing of a draft: a date and time, 'Schedule', then 'Scheduled for …' with
 * 'Cancel the schedule'; and a link to preview the item as customers will see it.
 */
export function SchedulePublication({ api, kind, id, published, dirty = false, previewHref, onChange }: SchedulePublicationProps) {
  const { t, i18n } = useTranslation('common');
  const { t: tKit } = useConsoleKit();
  const headingId = useId();
  const schedules = useSchedules(api, kind);
  const schedule = schedules.byId.get(id) ?? null;
  const [when, setWhen] = useState(() => toLocalInput(new Date(Date.now() + 24 * 3600_000)));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const format = dateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      await schedules.mutate();
      setStatus(done);
      onChange?.();
    } catch (caught) {
      const message = (caught as { message?: unknown }).message;
      setError(typeof message === 'string' ? message.replace(/^publish_at: /, '') : tKit('schedule.failed'));
    } finally {
      setBusy(false);
    }
  }

  function schedulePublication() {
    const date = new Date(when);
    if (!when || Number.isNaN(date.getTime())) return setError(t('validation.required'));
    if (date.getTime() <= Date.now()) return setError(tKit('schedule.pastDate'));
    void run(() => api.put(`/${kind}/${id}/schedule`, { publish_at: date.toISOString() }, { silent: true }), tKit('schedule.saved'));
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" mt="6">
      <Heading as="h2" size="md" id={headingId} mb="3">
        {tKit('schedule.title')}
      </Heading>
      <Stack gap="3">
        {published ? null : schedule ? (
          <HStack gap="3" wrap="wrap">
            <Text>{tKit('schedule.scheduledFor', { date: format.format(new Date(schedule.publish_at)) })}</Text>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() => void run(() => api.delete(`/${kind}/${id}/schedule`, { silent: true }), tKit('schedule.cleared'))}
            >
              {tKit('schedule.clear')}
            </Button>
          </HStack>
        ) : (
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root invalid={error !== null} maxW="18rem">
              <Field.Label>{tKit('schedule.label')}</Field.Label>
              <Input type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <Button size="sm" colorPalette="brand" variant="outline" loading={busy} disabled={dirty} onClick={schedulePublication}>
              {tKit('schedule.schedule')}
            </Button>
          </HStack>
        )}
        {!published && dirty && !schedule && (
          <Text fontSize="sm" color="fg.muted">
            {tKit('schedule.saveFirst')}
          </Text>
        )}
        <Text aria-live="polite" fontSize="sm">
          {status}
        </Text>
        {previewHref && (
          <Link href={previewHref} color="brand.fg" fontWeight="medium" target="_blank" rel="noopener">
            {tKit('schedule.preview')}
          </Link>
        )}
      </Stack>
    </Box>
  );
}
