import { daysUntil, dueStatus, fileExchangePaths, localDay, readFileState, type DueRequests, type LatestFiles } from '@hub/shared/api';
import { useRemoteProps, useWidgetData, widgetCatalogue, WidgetFrame, WidgetLink, WidgetStatus } from '@hub/shared/remote/widgets';
import { paths } from '../paths';
import { dateTimeFormat } from '@hub/shared/ui';

/** How many files the home page shows. */
export const LATEST_FILES_SHOWN = 5;

// The widget reads the collectmaster catalogue directly rather than through i18next, which /home
// does not otherwise load (in the current language only, fetched before it mounts); and no design
// system, no upload code: /home stays within its budget.

const CHIP_CSS = `
.hub-widget .cm-chip{display:inline-block;margin-left:8px;padding:0 6px;border-radius:4px;font-size:.75rem;line-height:1.25rem;font-weight:500;vertical-align:middle}
.hub-widget .cm-chip[data-state=missing]{background:var(--chakra-colors-orange-subtle,#feebc8);color:var(--chakra-colors-orange-fg,#7b341e)}
.hub-widget .cm-chip[data-state=uploaded]{background:var(--chakra-colors-blue-subtle,#bee3f8);color:var(--chakra-colors-blue-fg,#1a365d)}
.hub-widget .cm-chip[data-state=problem]{background:var(--chakra-colors-red-subtle,#fed7d7);color:var(--chakra-colors-red-fg,#822727)}
.hub-widget .cm-chip[data-state=ok]{background:var(--chakra-colors-green-subtle,#c6f6d5);color:var(--chakra-colors-green-fg,#1c4532)}
.hub-widget .cm-chip[data-state=undefined],.hub-widget .cm-chip[data-due]{background:var(--chakra-colors-gray-subtle,#edf2f7);color:var(--chakra-colors-gray-fg,#1a202c)}
.hub-widget .cm-chip[data-due=overdue]{background:var(--chakra-colors-red-solid,#c53030);color:var(--chakra-colors-red-contrast,#fff)}
.hub-widget .cm-chip[data-due=today]{background:var(--chakra-colors-orange-subtle,#feebc8);color:var(--chakra-colors-orange-fg,#7b341e)}
`;

/**
 * Home widget: the open requests with their due dates, soonest first (docs/product.md §14; none, no
 * section), then the 5 files last changed in what the user sees, with their state and where they are.
 */
export function LatestFilesWidget() {
  const { filesApi, session, language } = useRemoteProps();
  const text = widgetCatalogue(language, 'collectmaster');
  const latest = useWidgetData(String(session.displayedUser.id), async () => {
    const [files, due] = await Promise.all([
      filesApi.get<LatestFiles>(fileExchangePaths.latestFiles(), { n: LATEST_FILES_SHOWN }, { silent: true }),
      // The requests are a plus: without them the latest files still show.
      filesApi.get<DueRequests>(fileExchangePaths.dueRequests(), { n: LATEST_FILES_SHOWN }, { silent: true }).catch(() => ({ items: [] })),
    ]);
    return { ...files, due: due.items };
  });
  const today = localDay(new Date());
  const dates = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const dueText = (dueOn: string) => {
    const status = dueStatus(dueOn, today);
    const days = daysUntil(dueOn, today);
    const date = dates.format(new Date(`${dueOn}T00:00:00Z`));
    const line =
      status === 'overdue'
        ? `⚠ ${text.due.overdue}`
        : status === 'today'
          ? text.due.today
          : status === 'soon'
            ? days === 1
              ? text.due.soon_one
              : text.due.soon_other
            : text.due.later;
    return { status, line: line.replace('{{date}}', date).replace('{{count}}', String(days)) };
  };
  return (
    <WidgetFrame id="latest-files" title={text.latest.title} more={{ to: paths.latest, label: text.latest.all }}>
      <style href="hub-widget-cm" precedence="default">
        {CHIP_CSS}
      </style>
      {latest.status === 'loading' ? <WidgetStatus>{text.latest.loading}</WidgetStatus> : null}
      {latest.status === 'failed' ? <WidgetStatus>{text.latest.failed}</WidgetStatus> : null}
      {latest.status === 'ready' && latest.data.due.length > 0 ? (
        <>
          <p className="hub-widget-muted">{text.due.widgetTitle}</p>
          <ul aria-label={text.due.widgetTitle}>
            {latest.data.due.map((request) => {
              const due = dueText(request.due_on);
              return (
                <li key={`${request.type}-${request.id}`}>
                  <WidgetLink to={paths.folder(request.entity_slug, request.collection_id, request.folder_id)}>{request.name}</WidgetLink>
                  <span className="cm-chip" data-due={due.status}>
                    {due.line}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {latest.status === 'ready' && latest.data.items.length === 0 ? <WidgetStatus>{text.latest.empty}</WidgetStatus> : null}
      {latest.status === 'ready' && latest.data.items.length > 0 ? (
        <ul>
          {latest.data.items.slice(0, LATEST_FILES_SHOWN).map((file) => {
            const state = readFileState(file.state);
            return (
              <li key={file.id}>
                <WidgetLink to={paths.folder(file.entity_slug, file.collection_id, file.folder_id)}>
                  {file.name_original || file.name}
                </WidgetLink>
                <span className="cm-chip" data-state={state}>
                  {text.states[state]}
                </span>
                <p className="hub-widget-muted">
                  {text.latest.where
                    .replace('{{entity}}', file.entity)
                    .replace('{{project}}', file.project)
                    .replace('{{folder}}', file.folder)}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </WidgetFrame>
  );
}
