import { createWidgetLifecycles, type RemoteWidgetsModule } from '@hub/shared/remote/widgets';
import { LatestFilesWidget } from './latest-files-widget';

/** Exposed as `collectmaster/widgets`: the home page's widgets this remote offers. */
const widgets: RemoteWidgetsModule['default'] = {
  'latest-files': createWidgetLifecycles(LatestFilesWidget, 'collectmaster'),
};

export default widgets;
