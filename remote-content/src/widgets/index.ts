import { createWidgetLifecycles, type RemoteWidgetsModule } from '@hub/shared/remote/widgets';
import { MustReadWidget } from './must-read-widget';
import { PinnedNewsWidget } from './pinned-news-widget';
import { UpcomingTrainingsWidget } from './upcoming-trainings-widget';

/** Exposed as `content/widgets`: the home page's widgets this remote offers. */
const widgets: RemoteWidgetsModule['default'] = {
  'must-read-advices': createWidgetLifecycles(MustReadWidget, 'content'),
  'pinned-news': createWidgetLifecycles(PinnedNewsWidget, 'content'),
  'upcoming-trainings': createWidgetLifecycles(UpcomingTrainingsWidget, 'content'),
};

export default widgets;
