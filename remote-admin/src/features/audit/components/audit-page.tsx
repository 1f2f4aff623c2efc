import { Input, Link, Stack, Text } from '@chakra-ui/react';
import type { AuditEntry, AuditPerson } from '@hub/shared/api';
import { dateTimeFormat, type ListColumn, ListFilter, ListFrame, useListParams } from '@hub/shared/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { detailsPath, paths } from '../../../paths';
import { AUDIT_FILTERS, useAudit, useAuditFilters } from '../api/audit-api';
import { listFrameState } from '../../../lib/console-list';

/** The console list of each item type the log names: an entry links to its item's page while it exists. */
const CONSOLES: Record<string, string> = {
  advice: paths.advices,
  dashboard: paths.dashboards,
  'news-item': paths.newsItems,
  category: paths.categories,
  image: paths.images,
  training: paths.trainings,
  entity: paths.entities,
  user: paths.users,
  group: paths.groups,
  ticket: '/admin/tickets',
};

/** A few details of a line, as `key: value` (lists by their length). */
function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => {
      const shown = Array.isArray(value) ? String(value.length) : value !== null && typeof value === 'object' ? '…' : String(value);
      return `${key}: ${shown.length > 60 ? `${shown.slice(0, 59)}…` : shown}`;
    })
    .join(', ');
}

function Person({ person }: { person: AuditPerson }) {
  return (
    <Stack gap="0">
      <Text as="span">{person.name || person.email}</Text>
      {person.name && (
        <Text as="span" fontSize="xs" color="fg.muted" wordBreak="break-all">
          {person.email}
        </Text>
      )}
    </Stack>
  );
}

/** A day of the filter (`from`, `to`), a native date input kept in the URL. */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Stack gap="1" minW="10rem">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {label}
        </Text>
      </label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </Stack>
  );
}

/**
 * /admin/audit (administrator): who, as whom, what, which item and when, newest first, paged on the
 * server; filtered by person (the search box: name or email of who or as whom), action, item type
 * and days, all in the URL.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams(AUDIT_FILTERS);
  const { params } = list;
  const source = useAudit(params);
  const filters = useAuditFilters();
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const typeName = (type: string) => t(`audit.itemTypes.${type}`, { defaultValue: type });
  /** 'group.create' → "Group: created"; 'login' → "Sign-in"; an action of no known shape as it is. */
  const actionName = (action: string) => {
    const dot = action.indexOf('.');
    const type = dot < 0 ? action : action.slice(0, dot);
    const typeLabel = t(`audit.actionTypes.${type}`, { defaultValue: '' }) || t(`audit.itemTypes.${type}`, { defaultValue: type });
    if (dot < 0) return typeLabel;
    const verb = action.slice(dot + 1).replaceAll('.', '_');
    return t('audit.actionLabel', { type: typeLabel, verb: t(`audit.verbs.${verb}`, { defaultValue: verb }) });
  };

  const columns: ListColumn<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), render: (line) => <time dateTime={line.at}>{when.format(new Date(line.at))}</time> },
    {
      key: 'actor',
      header: t('audit.actor'),
      render: (line) => (line.actor ? <Person person={line.actor} /> : <Text as="span">{t('audit.system')}</Text>),
    },
    { key: 'display_as', header: t('audit.displayAs'), render: (line) => line.display_as_user && <Person person={line.display_as_user} /> },
    {
      key: 'action',
      header: t('audit.action'),
      render: (line) => (
        <Stack gap="1" align="start">
          <Text as="span">{actionName(line.action)}</Text>
          {line.details && (
            <Text as="span" fontSize="xs" color="fg.muted" wordBreak="break-word">
              {detailsText(line.details)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'item',
      header: t('audit.item'),
      render: (line) => {
        if (!line.item_type) return null;
        if (line.item_id === null) return <Text as="span">{typeName(line.item_type)}</Text>;
        const label = t('audit.itemLabel', { type: typeName(line.item_type), id: line.item_id });
        const console = CONSOLES[line.item_type];
        if (!line.item_exists) return <Text as="span">{t('audit.itemGone', { type: typeName(line.item_type), id: line.item_id })}</Text>;
        if (!console) return <Text as="span">{label}</Text>;
        return (
          <Link asChild color="brand.fg">
            <RouterLink to={detailsPath(console, line.item_id)}>{label}</RouterLink>
          </Link>
        );
      },
    },
  ];

  return (
    <ListFrame
      title={t('audit.title')}
      list={list}
      {...listFrameState(source)}
      columns={columns}
      rowKey={(line) => line.id}
      searchLabel={t('audit.person')}
      filters={
        <>
          <ListFilter
            label={t('audit.action')}
            value={params.filters.action ?? ''}
            onChange={(value) => list.setFilter('action', value)}
            allLabel={t('audit.allActions')}
            options={(filters.data?.actions ?? []).map((action) => ({ value: action, label: actionName(action) }))}
          />
          <ListFilter
            label={t('audit.itemType')}
            value={params.filters.item_type ?? ''}
            onChange={(value) => list.setFilter('item_type', value)}
            allLabel={t('audit.allItemTypes')}
            options={(filters.data?.item_types ?? []).map((type) => ({ value: type, label: typeName(type) }))}
          />
          <DayFilter label={t('audit.from')} value={params.filters.from ?? ''} onChange={(value) => list.setFilter('from', value)} />
          <DayFilter label={t('audit.to')} value={params.filters.to ?? ''} onChange={(value) => list.setFilter('to', value)} />
        </>
      }
      emptyText={t('audit.empty')}
    />
  );
}
