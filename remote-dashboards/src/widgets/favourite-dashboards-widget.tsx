import type { DashboardList } from '@hub/shared/api';
import { useRemoteProps, widgetCatalogue, WidgetFrame, WidgetLink, WidgetStatus } from '@hub/shared/remote/widgets';
import { useEffect, useRef, useState } from 'react';
import { paths } from '../paths';

/** How many favourites the home page shows. */
export const FAVOURITES_SHOWN = 5;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: DashboardList };

/**
 * Home widget: the person's favourite dashboards (the server lists favourites first), or an
 * invitation to star one. Plain elements and state (no design system, no SWR) to keep /home light.
 */
export function FavouriteDashboardsWidget() {
  const { api, session, language } = useRemoteProps();
  const text = widgetCatalogue(language, 'dashboards');
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const key = `${session.displayedUser.id}:${session.selectedEntityId}:${unpublished}`;
  const [state, setState] = useState<Loaded & { key: string }>({ status: 'loading', key });
  // The key says when the data changes: the effect reads the latest loader through a ref.
  const query = { page_size: FAVOURITES_SHOWN, ...(unpublished ? { includes_unpublished: true } : {}) };
  const load = useRef<() => Promise<DashboardList>>(null!);
  load.current = () => api.get<DashboardList>('/dashboards', query, { silent: true });
  useEffect(() => {
    let current = true;
    load.current().then(
      (list) => current && setState({ status: 'ready', list, key }),
      () => current && setState({ status: 'failed', key }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const shown: Loaded = state.key === key ? state : { status: 'loading' };
  const favourites = shown.status === 'ready' ? shown.list.items.filter((item) => item.favourite) : [];
  return (
    <WidgetFrame id="favourite-dashboards" title={text.widget.title} more={{ to: paths.dashboards, label: text.widget.browse }}>
      {shown.status === 'loading' ? <WidgetStatus>{text.widget.loading}</WidgetStatus> : null}
      {shown.status === 'failed' ? <WidgetStatus>{text.widget.failed}</WidgetStatus> : null}
      {shown.status === 'ready' && favourites.length === 0 ? <WidgetStatus>{text.widget.empty}</WidgetStatus> : null}
      {favourites.length > 0 ? (
        <ul>
          {favourites.map((item) => (
            <li key={item.id}>
              <WidgetLink to={paths.dashboard(item.id)}>{item.title}</WidgetLink>
            </li>
          ))}
        </ul>
      ) : null}
    </WidgetFrame>
  );
}
