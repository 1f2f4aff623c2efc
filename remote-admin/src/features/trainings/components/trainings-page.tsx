import { Button, Link } from '@chakra-ui/react';
import type { Training, TrainingKind } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { dateTimeFormat, LazyDeleteConfirmDialog, type ListColumn, ListFilter, ListFrame, useListParams } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { deleteTraining, useTrainings } from '../api/trainings-api';
import { detailsPath, paths } from '../../../paths';
import { useConsoleDelete } from '../../../lib/console-list';

const KINDS: TrainingKind[] = ['training', 'webinar', 'event'];

/** /admin/trainings (contributor or more): trainings, webinars and events, newest start first. */
export function TrainingsPage() {
  const { t, i18n } = useTranslation('admin');
  const { adminApi } = useRemoteProps();
  const navigate = useNavigate();
  const list = useListParams(['kind']);
  const { data, error, isLoading, mutate } = useTrainings(list.params);
  const remover = useConsoleDelete((training: Training) => deleteTraining(adminApi, training.id), t('trainings.deleted'), mutate);
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: ListColumn<Training>[] = [
    {
      key: 'intitule',
      header: t('trainings.intitule'),
      render: (training) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(paths.trainings, training.id)}>{training.intitule}</RouterLink>
        </Link>
      ),
    },
    { key: 'kind', header: t('trainings.kind'), render: (training) => t(`trainings.kinds.${training.kind}`) },
    { key: 'start', header: t('trainings.start'), render: (training) => dateTime.format(new Date(training.date_debut)) },
    {
      key: 'duration',
      header: t('trainings.duration'),
      render: (training) => (training.duree_heures === null ? '' : String(training.duree_heures)),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('trainings.title')}
        list={list}
        data={data}
        loading={isLoading}
        error={Boolean(error)}
        onRetry={() => void mutate()}
        columns={columns}
        rowKey={(training) => training.id}
        filters={
          <ListFilter
            label={t('trainings.kind')}
            value={list.params.filters.kind ?? ''}
            onChange={(value) => list.setFilter('kind', value)}
            allLabel={t('trainings.allKinds')}
            options={KINDS.map((kind) => ({ value: kind, label: t(`trainings.kinds.${kind}`) }))}
          />
        }
        rowActions={(training) => (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remover.ask(training)}>
            {t('list.delete', { title: training.intitule })}
          </Button>
        )}
        emptyText={t('trainings.empty')}
        onCreate={() => navigate(detailsPath(paths.trainings))}
        createLabel={t('trainings.create')}
      />
      <LazyDeleteConfirmDialog {...remover.dialog} />
    </>
  );
}
