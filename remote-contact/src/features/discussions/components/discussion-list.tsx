import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react';
import type { Discussion } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { fullName, otherParty } from '../../../lib/people';

export interface DiscussionListProps {
  label: string;
  discussions: Discussion[];
  emptyText: string;
  selectedId?: number | null;
  /** Given: each discussion is a button that selects it. */
  onSelect?: (discussion: Discussion) => void;
  onHistory: (discussion: Discussion) => void;
  /** Given: the server holds more (its `next_cursor`); a button reads the next page. */
  more?: { total: number; capped: boolean; loading: boolean; onMore: () => void };
}

/** Discussions as a list: the other party, the last message, what waits, and the history. */
export function DiscussionList({ label, discussions, emptyText, selectedId, onSelect, onHistory, more }: DiscussionListProps) {
  const { t } = useTranslation('contact');
  const { session, language } = useRemoteProps();
  if (discussions.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack gap="2">
      <Stack as="ul" aria-label={label} gap="2" p="0" m="0">
        {discussions.map((discussion) => {
          const name = fullName(otherParty(discussion, session.displayedUser.id), t('formerUser'));
          const selected = discussion.id === selectedId;
          const summary = (
            <Stack gap="0" align="start" minW="0" flex="1" textAlign="start">
              <Text fontWeight="semibold">{name}</Text>
              <Text fontSize="sm" color="fg.muted" lineClamp={1} wordBreak="break-all">
                {discussion.last_message?.message ?? t('thread.empty')}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {discussion.status === 'closed' && discussion.closed_at
                  ? t('closedOn', { date: formatDateTime(discussion.closed_at, language) })
                  : t('startedOn', { date: formatDateTime(discussion.created_at, language) })}
              </Text>
            </Stack>
          );
          return (
            <Box
              as="li"
              key={discussion.id}
              listStyleType="none"
              borderWidth="1px"
              borderRadius="md"
              bg={selected ? 'brand.subtle' : 'bg'}
              p="2"
            >
              <Stack direction="row" align="center" gap="2">
                {onSelect ? (
                  <Button
                    variant="plain"
                    h="auto"
                    p="0"
                    flex="1"
                    minW="0"
                    justifyContent="flex-start"
                    whiteSpace="normal"
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelect(discussion)}
                  >
                    {summary}
                  </Button>
                ) : (
                  summary
                )}
                {discussion.pending_count > 0 ? (
                  <Badge colorPalette="orange">{t('pending', { count: discussion.pending_count })}</Badge>
                ) : null}
                <Badge variant="outline">{discussion.status === 'open' ? t('open') : t('closed')}</Badge>
                <Button size="xs" variant="outline" onClick={() => onHistory(discussion)} aria-label={`${t('history.open')}: ${name}`}>
                  {t('history.open')}
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {more ? (
        <Stack direction="row" align="center" justify="space-between" gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('shownOf', {
              shown: discussions.length.toLocaleString(language),
              total: `${more.total.toLocaleString(language)}${more.capped ? '+' : ''}`,
            })}
          </Text>
          <Button size="sm" variant="outline" loading={more.loading} onClick={more.onMore}>
            {t('loadMore')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
