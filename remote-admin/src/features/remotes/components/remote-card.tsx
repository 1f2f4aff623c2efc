import { Badge, Box, Button, Card, DataList, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { CONFIGURED_RELEASE, type ReleaseFigures, type ReleaseToken, type RemoteRelease, type RemoteStatus } from '@hub/shared/api';
import { dateTimeFormat } from '@hub/shared/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minuteTotals, ReleaseChart } from './release-chart';

/** The newest releases a card lists at first (the stable and the candidate always among them). */
export const RELEASES_SHOWN = 10;

/** What the page opens from a card: a form or a confirmation about one remote. */
export type RemoteAction =
  | { kind: 'start' | 'reach' | 'stop' | 'register' | 'token'; remote: RemoteStatus }
  | { kind: 'stable'; remote: RemoteStatus; version: string }
  | { kind: 'revoke'; remote: RemoteStatus; token: ReleaseToken };

/** Errors per mount, as a percentage; null while nothing was mounted (a rate of nothing is not 0 %). */
export function errorRate(figures: ReleaseFigures): number | null {
  return figures.mounts > 0 ? (figures.errors / figures.mounts) * 100 : null;
}

function useFigureText() {
  const { t, i18n } = useTranslation('admin');
  const count = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return {
    count: (value: number) => count.format(value),
    figures: (figures: ReleaseFigures) => {
      const rate = errorRate(figures);
      return {
        counts: t('remotes.figures', {
          mounts: t('remotes.mounts', { value: count.format(figures.mounts), count: figures.mounts }),
          errors: t('remotes.errors', { value: count.format(figures.errors), count: figures.errors }),
        }),
        rate: rate === null ? t('remotes.noRate') : t('remotes.rate', { rate: percent.format(rate) }),
        high: rate !== null && figures.errors > 0 && rate > 2,
      };
    },
  };
}

function Figures({ figures }: { figures: ReleaseFigures }) {
  const { figures: text } = useFigureText();
  const shown = text(figures);
  return (
    <Stack gap="0">
      <Text as="span" whiteSpace="nowrap">
        {shown.counts}
      </Text>
      <Text as="span" fontSize="sm" color={shown.high ? 'fg.error' : 'fg.muted'} fontWeight={shown.high ? 'semibold' : undefined}>
        {shown.rate}
      </Text>
    </Stack>
  );
}

function ReleaseRow({
  remote,
  release,
  onAction,
}: {
  remote: RemoteStatus;
  release: RemoteRelease;
  onAction: (action: RemoteAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { count } = useFigureText();
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const stable = release.version === remote.stable.version;
  const candidate = release.version === remote.candidate?.version;
  const totals = minuteTotals(release.minutes);
  const by = release.released_by.user
    ? release.released_by.user.name
    : release.released_by.token
      ? t('remotes.byToken', { label: release.released_by.token.label })
      : '—';
  return (
    <Table.Row>
      <Table.Cell>
        <Stack gap="1" align="start">
          <Text as="span" fontWeight="semibold" fontFamily="mono" wordBreak="break-all">
            {release.version}
          </Text>
          {stable && <Badge colorPalette="green">{t('remotes.badgeStable')}</Badge>}
          {candidate && <Badge colorPalette="orange">{t('remotes.badgeCandidate')}</Badge>}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="0">
          <time dateTime={release.released_at}>{when.format(new Date(release.released_at))}</time>
          <Text as="span" fontSize="sm" color="fg.muted">
            {by}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell minW="10rem">
        <Text as="span" wordBreak="break-word">
          {release.note || '—'}
        </Text>
      </Table.Cell>
      <Table.Cell>{release.contract_version}</Table.Cell>
      <Table.Cell>
        <Figures figures={release.hour} />
      </Table.Cell>
      <Table.Cell>
        <Figures figures={release.day} />
      </Table.Cell>
      <Table.Cell minW="8rem">
        <ReleaseChart
          minutes={release.minutes}
          label={t('remotes.chartAlt', {
            version: release.version,
            mounts: count(totals.mounts),
            errors: count(totals.errors),
            peak: count(totals.peak),
          })}
        />
      </Table.Cell>
      <Table.Cell>
        {!stable && !candidate && (
          <Button
            size="sm"
            variant="outline"
            aria-label={t('remotes.makeStableOf', { version: release.version })}
            onClick={() => onAction({ kind: 'stable', remote, version: release.version })}
          >
            {t('remotes.actions.makeStable')}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function TokensTable({ remote, onAction }: { remote: RemoteStatus; onAction: (action: RemoteAction) => void }) {
  const { t, i18n } = useTranslation('admin');
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const at = (value: string) => <time dateTime={value}>{when.format(new Date(value))}</time>;
  if (remote.tokens.length === 0) return <Text color="fg.muted">{t('remotes.tokens.empty')}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{t('remotes.tokens.caption', { name: t(`remotes.names.${remote.name}`) })}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('remotes.tokens.label')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('remotes.tokens.mayPromote')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('remotes.tokens.createdBy')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('remotes.tokens.lastUsed')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('remotes.tokens.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Box srOnly>{t('remotes.tokens.actions')}</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {remote.tokens.map((token) => (
            <Table.Row key={token.id} color={token.revoked_at ? 'fg.muted' : undefined}>
              <Table.Cell wordBreak="break-word">{token.label}</Table.Cell>
              <Table.Cell>{token.may_promote ? t('remotes.tokens.yes') : t('remotes.tokens.no')}</Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Text as="span">{token.created_by.name}</Text>
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {at(token.created_at)}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>{token.last_used_at ? at(token.last_used_at) : t('remotes.tokens.neverUsed')}</Table.Cell>
              <Table.Cell>
                {token.revoked_at ? (
                  <Text as="span">
                    {t('remotes.tokens.revokedAt')} {at(token.revoked_at)}
                  </Text>
                ) : (
                  <Badge colorPalette="green">{t('remotes.tokens.active')}</Badge>
                )}
              </Table.Cell>
              <Table.Cell>
                {!token.revoked_at && (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('remotes.tokens.revokeNamed', { label: token.label })}
                    onClick={() => onAction({ kind: 'revoke', remote, token })}
                  >
                    {t('remotes.tokens.revoke')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * One remote: the release people get (stable), the candidate and its reach, the actions that move
 * them, every release with its figures over the last hour and day and its last hour per minute,
 * and the remote's release tokens.
 */
export function RemoteCard({
  remote,
  companyName,
  onAction,
}: {
  remote: RemoteStatus;
  companyName: (id: number) => string;
  onAction: (action: RemoteAction) => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const name = t(`remotes.names.${remote.name}`);
  const configured = remote.stable.version === CONFIGURED_RELEASE;
  const candidate = remote.candidate;
  const releases = [...remote.releases].sort((a, b) => b.released_at.localeCompare(a.released_at));
  const [allReleases, setAllReleases] = useState(false);
  const shown = allReleases
    ? releases
    : releases.filter(
        (release, index) => index < RELEASES_SHOWN || release.version === remote.stable.version || release.version === candidate?.version,
      );
  const others = remote.releases.some((release) => release.version !== remote.stable.version);
  return (
    <Card.Root as="section" aria-labelledby={titleId} size="sm">
      <Card.Header>
        <Heading as="h2" size="lg" id={titleId}>
          {name}{' '}
          <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" fontFamily="mono">
            {remote.name}
          </Text>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="2">
            <DataList.Item>
              <DataList.ItemLabel minW="10rem">{t('remotes.stable')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="0">
                  <Text as="span" fontWeight="semibold" fontFamily={configured ? undefined : 'mono'}>
                    {configured ? t('remotes.configured') : remote.stable.version}
                  </Text>
                  <Text as="span" fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {configured ? t('remotes.configuredHint', { name: remote.name.toUpperCase() }) : remote.stable.manifest_url}
                  </Text>
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="10rem">{t('remotes.candidate')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {candidate ? (
                  <Stack gap="0">
                    <Text as="span" fontWeight="semibold" fontFamily="mono">
                      {candidate.version}
                    </Text>
                    <Text as="span">{t('remotes.shareValue', { share: candidate.share })}</Text>
                    <Text as="span" wordBreak="break-word">
                      {t('remotes.companiesValue', {
                        companies: candidate.entities.length ? candidate.entities.map(companyName).join(', ') : t('remotes.noCompanies'),
                      })}
                    </Text>
                  </Stack>
                ) : (
                  <Text as="span" color="fg.muted">
                    {t('remotes.noCandidate')}
                  </Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Flex gap="2" wrap="wrap">
            {candidate ? (
              <>
                <Button size="sm" colorPalette="brand" onClick={() => onAction({ kind: 'reach', remote })}>
                  {t('remotes.actions.reach')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'stable', remote, version: candidate.version })}>
                  {t('remotes.actions.promote')}
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => onAction({ kind: 'stop', remote })}>
                  {t('remotes.actions.stop')}
                </Button>
              </>
            ) : (
              <Button size="sm" colorPalette="brand" disabled={!others} onClick={() => onAction({ kind: 'start', remote })}>
                {t('remotes.actions.start')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'register', remote })}>
              {t('remotes.actions.register')}
            </Button>
          </Flex>
          {!candidate && !others && (
            <Text fontSize="sm" color="fg.muted">
              {t('remotes.registerFirst')}
            </Text>
          )}
          <Box>
            <Heading as="h3" size="md" mb="2">
              {t('remotes.releases')}
            </Heading>
            {releases.length === 0 ? (
              <Text color="fg.muted">{t('remotes.noReleases')}</Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm">
                  <Table.Caption srOnly>{t('remotes.releasesCaption', { name })}</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('remotes.version')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.released')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.note')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.contract')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.lastHour')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.lastDay')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('remotes.chart')}</Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Box srOnly>{t('remotes.tokens.actions')}</Box>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {shown.map((release) => (
                      <ReleaseRow key={release.version} remote={remote} release={release} onAction={onAction} />
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            {shown.length < releases.length && (
              <Button size="sm" variant="ghost" mt="2" onClick={() => setAllReleases(true)}>
                {t('remotes.allReleases', { count: releases.length })}
              </Button>
            )}
          </Box>
          <Box>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="2">
              <Heading as="h3" size="md">
                {t('remotes.tokens.title')}
              </Heading>
              <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'token', remote })}>
                {t('remotes.tokens.create')}
              </Button>
            </Flex>
            <TokensTable remote={remote} onAction={onAction} />
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
