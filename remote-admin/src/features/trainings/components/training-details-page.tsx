import { Box, Button, Heading, HStack, Input, Link, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { FIELD_LIMITS, parseId, type Training, type TrainingCreateBody, type TrainingKind } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { refusalErrors, statusOf } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { createTraining, updateTraining, useTraining } from '../api/trainings-api';
import { detailsPath, paths } from '../../../paths';

const TITLE_MAX = FIELD_LIMITS.title;
const KINDS: TrainingKind[] = ['training', 'webinar', 'event'];

interface Values {
  intitule: string;
  start: string;
  end: string;
  duration: string;
  kind: TrainingKind;
}
/** The server's field names, for a 400 that names one. */
const FIELDS: Record<string, keyof Values> = {
  intitule: 'intitule',
  date_debut: 'start',
  date_fin: 'end',
  duree_heures: 'duration',
  kind: 'kind',
};

/** An ISO date-time as a `datetime-local` value, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const valuesOf = (training: Training | null): Values => ({
  intitule: training?.intitule ?? '',
  start: toLocalInput(training?.date_debut ?? null),
  end: toLocalInput(training?.date_fin ?? null),
  duration: training?.duree_heures === null || training?.duree_heures === undefined ? '' : String(training.duree_heures),
  kind: training?.kind ?? 'training',
});

/** /admin/trainings/details/{id?}: a training, webinar or event; without an id, a new one. */
export function TrainingDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useTraining(id);
  if (id !== null && !data) {
    return <DetailsLoadState isLoading={isLoading} missing={statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <TrainingForm key={id ?? 'new'} training={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function TrainingForm({ training, onSaved }: { training: Training | null; onSaved: (training: Training) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const { values, setValues, errors, busy, submit } = useConsoleForm({
    initial: () => valuesOf(training),
    validate: (values) => {
      const found: FormErrors<Values> = {};
      if (!values.intitule.trim()) found.intitule = tc('validation.required');
      else if (values.intitule.length > TITLE_MAX) found.intitule = tc('validation.maxLength', { length: TITLE_MAX });
      if (!values.start) found.start = tc('validation.required');
      if (values.start && values.end && new Date(values.end) < new Date(values.start)) found.end = t('trainings.endBeforeStart');
      const hours = Number(values.duration);
      if (values.duration !== '' && (!Number.isFinite(hours) || hours < 0 || hours > 9999)) found.duration = t('trainings.invalidDuration');
      return found;
    },
    save: (values) => {
      const body: TrainingCreateBody = {
        intitule: values.intitule.trim(),
        date_debut: new Date(values.start).toISOString(),
        date_fin: values.end ? new Date(values.end).toISOString() : null,
        duree_heures: values.duration === '' ? null : Number(values.duration),
        kind: values.kind,
      };
      return training ? updateTraining(adminApi, training.id, body) : createTraining(adminApi, body);
    },
    valuesOf,
    messages: training
      ? { success: t('trainings.updated'), failure: t('trainings.updateFailed') }
      : { success: t('trainings.created'), failure: t('trainings.createFailed') },
    onSaved,
    createdPath: training ? undefined : (result) => detailsPath(paths.trainings, result.id),
    errorsOf: (caught, values) => refusalErrors(caught, values, FIELDS),
  });
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="3xl" aria-labelledby="training-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.trainings}>{t('trainings.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="5" id="training-title">
        {training ? t('trainings.editTitle', { title: training.intitule }) : t('trainings.newTitle')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          <FormField label={t('trainings.intitule')} required error={errors.intitule}>
            <Input value={values.intitule} onChange={set('intitule')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormField label={t('trainings.start')} required error={errors.start}>
              <Input type="datetime-local" value={values.start} onChange={set('start')} />
            </FormField>
            <FormField label={t('trainings.end')} error={errors.end}>
              <Input type="datetime-local" value={values.end} onChange={set('end')} />
            </FormField>
            <FormField label={t('trainings.duration')} error={errors.duration} helperText={t('trainings.durationHelp')}>
              <Input type="number" inputMode="decimal" min={0} max={9999} step={0.25} value={values.duration} onChange={set('duration')} />
            </FormField>
            <FormField label={t('trainings.kind')} error={errors.kind}>
              <NativeSelect.Root>
                <NativeSelect.Field value={values.kind} onChange={set('kind')}>
                  {KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`trainings.kinds.${kind}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {tc('save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
