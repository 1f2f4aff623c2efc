import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { Training } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, LoadState } from '@hub/shared/ui';
import { useTrainings, useUpcomingTrainings } from '../api/get-trainings';
import { groupByMonth } from '../lib/group-by-month';
import { TrainingRow } from './training-row';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" size="lg" mb="3" id={id}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function TrainingList({ trainings, label }: { trainings: Training[]; label: string }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
      {trainings.map((training) => (
        <li key={training.id}>
          <TrainingRow training={training} />
        </li>
      ))}
    </Stack>
  );
}

/** /trainings: upcoming events (at most 3), training sessions by month, webinars and events. */
export function TrainingsPage() {
  const { t } = useTranslation('content');
  const { language } = useRemoteProps();
  const upcoming = useUpcomingTrainings();
  const all = useTrainings({ page_size: 100 });
  const items = all.data?.items ?? [];
  const sessions = groupByMonth(items.filter((training) => training.kind === 'training'));
  const webinars = items.filter((training) => training.kind !== 'training');
  const monthName = dateTimeFormat(language, { month: 'long', year: 'numeric' });
  return (
    <Box as="section" p={{ base: '4', md: '6' }} aria-labelledby="trainings-title">
      <Heading as="h1" size="2xl" mb="6" id="trainings-title">
        {t('trainings.title')}
      </Heading>
      <Stack gap="8">
        <Section id="upcoming-title" title={t('trainings.upcomingTitle')}>
          {upcoming.isLoading || upcoming.error ? (
            <LoadState
              status={upcoming.isLoading ? 'loading' : 'error'}
              loadingText={t('trainings.loading')}
              failedText={t('trainings.loadFailed')}
              onRetry={() => void upcoming.mutate()}
            />
          ) : upcoming.data?.items.length ? (
            <TrainingList trainings={upcoming.data.items.slice(0, 3)} label={t('trainings.upcomingTitle')} />
          ) : (
            <Text color="fg.muted">{t('trainings.upcomingEmpty')}</Text>
          )}
        </Section>
        {all.isLoading || all.error ? (
          <LoadState
            status={all.isLoading ? 'loading' : 'error'}
            loadingText={t('trainings.loading')}
            failedText={t('trainings.loadFailed')}
            onRetry={() => void all.mutate()}
          />
        ) : (
          <>
            <Section id="sessions-title" title={t('trainings.sessionsTitle')}>
              {sessions.length === 0 ? (
                <Text color="fg.muted">{t('trainings.sessionsEmpty')}</Text>
              ) : (
                <Stack gap="5">
                  {sessions.map((group) => {
                    const name = monthName.format(group.month);
                    return (
                      <Box key={group.key}>
                        <Heading as="h3" size="md" mb="2" textTransform="capitalize" id={`month-${group.key}`}>
                          {name}
                        </Heading>
                        <TrainingList trainings={group.trainings} label={name} />
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Section>
            <Section id="webinars-title" title={t('trainings.webinarsTitle')}>
              {webinars.length === 0 ? (
                <Text color="fg.muted">{t('trainings.webinarsEmpty')}</Text>
              ) : (
                <TrainingList trainings={webinars} label={t('trainings.webinarsTitle')} />
              )}
            </Section>
          </>
        )}
      </Stack>
    </Box>
  );
}
