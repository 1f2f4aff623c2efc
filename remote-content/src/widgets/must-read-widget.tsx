import type { AdviceList } from '@hub/shared/api';
import { useRemoteProps, useWidgetData, WidgetFrame, WidgetLink, WidgetStatus } from '@hub/shared/remote/widgets';
import { awaitsAcknowledgement, formatDay } from '../lib/format-day';
import { paths } from '../paths';
import { interpolate, widgetText } from './widget-text';

/** The first page of advices holds them all: the server lists the unacknowledged must-reads first. */
const LOOKED_AT = 20;
/** How many the home page shows; the advices list has the rest. */
export const MUST_READ_SHOWN = 5;

/**
 * Home widget: the must-read advices the person has not acknowledged yet, each
 * with its date, until they confirm reading it on its page.
 */
export function MustReadWidget() {
  const { api, session, language } = useRemoteProps();
  const text = widgetText(language);
  const unpublished = session.displayAs?.includesUnpublished ?? false;
  const advices = useWidgetData(`${session.displayedUser.id}:${unpublished}`, () =>
    api.get<AdviceList>('/advices', { page_size: LOOKED_AT, ...(unpublished ? { includes_unpublished: true } : {}) }, { silent: true }),
  );
  const waiting = advices.status === 'ready' ? advices.data.items.filter(awaitsAcknowledgement).slice(0, MUST_READ_SHOWN) : [];
  return (
    <WidgetFrame id="must-read-advices" title={text.widgets.mustReadTitle} more={{ to: paths.advices, label: text.widgets.allAdvices }}>
      {advices.status === 'loading' ? <WidgetStatus>{text.advices.loading}</WidgetStatus> : null}
      {advices.status === 'failed' ? <WidgetStatus>{text.advices.loadFailed}</WidgetStatus> : null}
      {advices.status === 'ready' && waiting.length === 0 ? <WidgetStatus>{text.widgets.mustReadEmpty}</WidgetStatus> : null}
      {waiting.length > 0 ? (
        <ul>
          {waiting.map((advice) => (
            <li key={advice.id}>
              <WidgetLink to={paths.adviceDetails(advice.id)}>{advice.title}</WidgetLink>
              {advice.must_read_by ? (
                <p className="hub-widget-muted">
                  {interpolate(text.widgets.mustReadBy, { date: formatDay(language, advice.must_read_by) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </WidgetFrame>
  );
}
