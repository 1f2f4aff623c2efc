import { Badge, Box, Button, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { CountersEvent, Discussion, DiscussionEvent } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useDeferredData } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName, otherParty } from '../../../lib/people';
import { paths } from '../../../paths';
import { useDiscussions } from '../api/get-discussions';
import { usePending } from '../api/get-pending';
import { sendMessage } from '../api/send-message';
import { useApplyEvent } from '../hooks/use-apply-event';
import { useDiscussionEvents } from '../hooks/use-discussion-events';
import { useRevalidateDiscussions } from '../hooks/use-revalidate-discussions';
import { Composer } from './composer';
import { DiscussionList } from './discussion-list';
import { LazyHistoryDialog } from './lazy-history-dialog';
import { MessageThread } from './message-thread';
import { PromiseNote } from './promise-note';

/** What the thread pane shows: an open discussion, or a new one with a customer who has none. */
type Selection = { discussionId: number } | { toUserId: number; name: string };

/** /contact: current discussions, their thread and composer, my discussions, and a consultant's customers. */
export function DiscussionsPage() {
  const { t } = useTranslation(['contact', 'common']);
  const { api, session, notify, navigate, refreshSession } = useRemoteProps();
  const me = session.displayedUser;
  const isConsultant = me.clients.length > 0;
  // Each list rendered in slices as it arrives (useDeferredData): all three whole were one long task
  // on a phone (docs/journal/2026-11-28-lists-in-slices.md).
  const open = useDeferredData(useDiscussions('open'));
  const all = useDeferredData(useDiscussions('all'));
  const pending = useDeferredData(usePending());
  const revalidate = useRevalidateDiscussions();
  const [selection, setSelection] = useState<Selection | null>(null);
  const [history, setHistory] = useState<Discussion | null>(null);

  const applyEvent = useApplyEvent(me.id);
  useDiscussionEvents((event: DiscussionEvent) => {
    // Counters change the shell's navigation only; everything else changes what this page shows.
    if (event.type === 'counters') {
      const counters = event as DiscussionEvent & Partial<CountersEvent>;
      const changed =
        counters.open_discussion_counter !== me.open_discussion_counter ||
        counters.close_discussion_counter !== me.close_discussion_counter ||
        counters.pending_message_counter !== me.pending_message_counter;
      if (changed) void refreshSession();
      return;
    }
    // My own message: this page has already shown it and reloaded its lists after sending.
    if (event.message?.from_user?.id === me.id) return;
    void applyEvent(event).then(() => revalidate());
    if (event.type === 'discussion.closed') void refreshSession();
  });

  const openItems = open.data?.items ?? [];
  const selectedId =
    selection && 'discussionId' in selection
      ? (openItems.find((discussion) => discussion.id === selection.discussionId)?.id ?? null)
      : selection
        ? null
        : (openItems[0]?.id ?? null);
  const selectedDiscussion = openItems.find((discussion) => discussion.id === selectedId) ?? null;
  // "Ask my consultant" from a dashboard: ?draft= is a message to write to the consultant (their open
  // discussion, else a new one), not sent until the person sends it.
  const [draft] = useState(() => new URLSearchParams(window.location.search).get('draft') ?? '');
  const consultant = me.contacts[0];
  const newWith =
    selection && 'toUserId' in selection
      ? selection
      : !selection && draft && openItems.length === 0 && consultant
        ? { toUserId: consultant.id, name: `${consultant.first_name} ${consultant.last_name}` }
        : null;
  const partnerName = selectedDiscussion ? fullName(otherParty(selectedDiscussion, me.id), t('formerUser')) : (newWith?.name ?? '');

  async function send(text: string, close: boolean) {
    const created = await sendMessage(api, {
      message: text,
      ...(selectedDiscussion ? { discussion_id: selectedDiscussion.id } : newWith ? { to_user_id: newWith.toUserId } : {}),
      close,
    });
    notify({ kind: 'success', message: close ? t('toasts.closed') : t('toasts.sent') });
    const started = !selectedDiscussion;
    setSelection({ discussionId: created.discussion.id });
    // The shell's counters change only when a discussion starts or closes.
    await Promise.all([revalidate(), started || close ? refreshSession() : undefined]);
    if (close) navigate(paths.contactClose);
  }

  return (
    <Box as="section" p={{ base: '3', md: '6' }}>
      <Heading as="h1" size="2xl" mb="2">
        {t('title')}
      </Heading>
      {/* The promise is the customer's: a consultant's own customers' discussions do not show it. */}
      {consultant && (!selectedDiscussion || selectedDiscussion.customer?.id === me.id) ? (
        <PromiseNote discussion={selectedDiscussion} fallbackName={consultant.first_name} />
      ) : null}

      {open.isLoading ? (
        <Stack direction="row" align="center" gap="3" role="status" aria-busy="true">
          <Spinner size="sm" />
          <Text>{t('loading')}</Text>
        </Stack>
      ) : open.error ? (
        <Stack align="start" gap="3" role="alert">
          <Text>{t('failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void revalidate()}>
            {t('common:retry')}
          </Button>
        </Stack>
      ) : (
        // On a phone the thread comes right after the current discussions it belongs to, before the
        // list of every discussion: that list loads on its own, and growing above the thread it
        // pushed the conversation down under the reader's eyes.
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(260px, 1fr) 2fr' }}
          templateAreas={{ base: '"current" "thread" "mine"', lg: '"current thread" "mine thread"' }}
          templateRows={{ lg: 'auto 1fr' }}
          gap="6"
          alignItems="start"
        >
          <Stack gap="6" minW="0" gridArea="current">
            <Box as="section" aria-labelledby="current-discussions">
              <Heading as="h2" size="md" mb="2" id="current-discussions">
                {t('sections.current')}
              </Heading>
              <DiscussionList
                label={t('sections.current')}
                discussions={openItems}
                emptyText={t('noCurrent')}
                selectedId={selectedId}
                onSelect={(discussion) => setSelection({ discussionId: discussion.id })}
                onHistory={setHistory}
                more={open.more}
              />
            </Box>
            {isConsultant ? (
              <Box as="section" aria-labelledby="my-customers">
                <Heading as="h2" size="md" mb="2" id="my-customers">
                  {t('sections.customers')}
                </Heading>
                {(pending.data?.items.length ?? 0) === 0 ? (
                  <Text color="fg.muted">{t('noCustomers')}</Text>
                ) : (
                  <Stack as="ul" aria-label={t('sections.customers')} gap="1" p="0" m="0">
                    {pending.data!.items.map((entry) => (
                      <Box as="li" key={entry.user.id} listStyleType="none">
                        <Button
                          variant="ghost"
                          size="sm"
                          w="full"
                          justifyContent="space-between"
                          onClick={() =>
                            setSelection(
                              entry.discussion_id !== null
                                ? { discussionId: entry.discussion_id }
                                : { toUserId: entry.user.id, name: fullName(entry.user, t('formerUser')) },
                            )
                          }
                        >
                          <span>{fullName(entry.user, t('formerUser'))}</span>
                          {entry.pending_count > 0 ? (
                            <Badge colorPalette="orange">{t('pending', { count: entry.pending_count })}</Badge>
                          ) : null}
                        </Button>
                      </Box>
                    ))}
                  </Stack>
                )}
                {pending.more ? (
                  <Button size="sm" variant="outline" mt="2" loading={pending.more.loading} onClick={pending.more.onMore}>
                    {t('loadMore')}
                  </Button>
                ) : null}
              </Box>
            ) : null}
          </Stack>

          <Stack
            as="section"
            gridArea="thread"
            aria-label={partnerName ? t('thread.label', { name: partnerName }) : t('title')}
            gap="4"
            minW="0"
            borderWidth="1px"
            borderRadius="lg"
            p={{ base: '3', md: '4' }}
            bg="bg.subtle"
          >
            {selectedDiscussion || newWith ? (
              <>
                <Heading as="h2" size="md">
                  {newWith && !selectedDiscussion ? t('newDiscussion', { name: partnerName }) : t('withName', { name: partnerName })}
                </Heading>
                {/* On a phone the thread keeps one height as its messages load, so that the composer
                    below it does not move; it scrolls inside. */}
                <Box h={{ base: '50vh', md: 'auto' }} maxH={{ base: '50vh', md: '55vh' }} overflowY="auto" pr="1">
                  {selectedDiscussion ? (
                    <MessageThread discussionId={selectedDiscussion.id} label={t('thread.label', { name: partnerName })} />
                  ) : (
                    <Text color="fg.muted">{t('thread.empty')}</Text>
                  )}
                </Box>
                {session.displayAs ? (
                  <Text color="fg.muted">{t('composer.readOnly')}</Text>
                ) : (
                  <Composer onSend={send} canClose={selectedDiscussion !== null} initialText={draft} />
                )}
              </>
            ) : (
              <Text color="fg.muted">{t('noCurrent')}</Text>
            )}
          </Stack>

          <Box as="section" aria-labelledby="my-discussions" gridArea="mine" minW="0">
            <Heading as="h2" size="md" mb="2" id="my-discussions">
              {t('sections.mine')}
            </Heading>
            <DiscussionList
              label={t('sections.mine')}
              discussions={all.data?.items ?? []}
              emptyText={t('empty')}
              onHistory={setHistory}
              more={all.more}
            />
          </Box>
        </Grid>
      )}
      <LazyHistoryDialog discussion={history} onClose={() => setHistory(null)} />
    </Box>
  );
}
