import type { TrainingList } from '@hub/shared/api';
import { useRemoteProps, useWidgetData, WidgetFrame, WidgetStatus } from '@hub/shared/remote/widgets';
import { formatDuration } from '../features/trainings/lib/format-duration';
import { paths } from '../paths';
import { interpolate, widgetText } from './widget-text';
import { dateTimeFormat } from '@hub/shared/ui';

/** Home widget: the upcoming trainings, webinars and events (at most 3, chosen by the server). */
export function UpcomingTrainingsWidget() {
  const { api, session, language } = useRemoteProps();
  const text = widgetText(language);
  const upcoming = useWidgetData(String(session.displayedUser.id), () =>
    api.get<TrainingList>('/trainings/upcoming', undefined, { silent: true }),
  );
  const dates = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <WidgetFrame
      id="upcoming-trainings"
      title={text.widgets.upcomingTitle}
      more={{ to: paths.trainings, label: text.widgets.allTrainings }}
    >
      {upcoming.status === 'loading' ? <WidgetStatus>{text.trainings.loading}</WidgetStatus> : null}
      {upcoming.status === 'failed' ? <WidgetStatus>{text.trainings.loadFailed}</WidgetStatus> : null}
      {upcoming.status === 'ready' && upcoming.data.items.length === 0 ? <WidgetStatus>{text.widgets.upcomingEmpty}</WidgetStatus> : null}
      {upcoming.status === 'ready' && upcoming.data.items.length > 0 ? (
        <ul>
          {upcoming.data.items.map((training) => {
            const duration = formatDuration(training.duree_heures);
            return (
              <li key={training.id}>
                <strong>{training.intitule}</strong>
                <p className="hub-widget-muted">
                  {text.trainings.kind[training.kind]} ·{' '}
                  <time dateTime={training.date_debut}>{dates.format(new Date(training.date_debut))}</time>
                  {duration ? ` · ${interpolate(text.trainings.duration, { duration })}` : null}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </WidgetFrame>
  );
}
