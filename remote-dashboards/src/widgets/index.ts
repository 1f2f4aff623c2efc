import { createWidgetLifecycles, type RemoteWidgetsModule } from '@hub/shared/remote/widgets';
import { FavouriteDashboardsWidget } from './favourite-dashboards-widget';

/** Exposed as `dashboards/widgets`: the home page's widget this remote offers. */
const widgets: RemoteWidgetsModule['default'] = {
  'favourite-dashboards': createWidgetLifecycles(FavouriteDashboardsWidget, 'dashboards'),
};

export default widgets;
