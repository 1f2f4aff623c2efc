import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Message } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog } from '@hub/shared/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMessage } from '../api/delete-message';
import { useThread } from '../api/get-thread';
import { replaceMessage } from '../api/replace-message';
import { useRevalidateDiscussions } from '../hooks/use-revalidate-discussions';
import { MessageBubble } from './message-bubble';

export interface MessageThreadProps {
  discussionId: number;
  /** Accessible name of the message log. */
  label: string;
  /** No edit or delete controls (history, closed discussions, display-as). */
  readOnly?: boolean;
}

/**
 * The messages of a discussion, oldest first and newest at the bottom, kept scrolled to the end.
 * It shows the latest page; older messages come when the top is scrolled into view, or with the
 * "Load older" button (keyboard), the message that was first staying where it was.
 */
/** The element that scrolls `element`: its nearest scrolling ancestor, else the page. */
function scrollParent(element: HTMLElement): Element {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) return parent;
  }
  return document.scrollingElement ?? document.documentElement;
}

export function MessageThread({ discussionId, label, readOnly = false }: MessageThreadProps) {
  const { t } = useTranslation(['contact', 'common']);
  const { api, notify, session } = useRemoteProps();
  const { data, error, isLoading, isValidating, mutate, loadOlder } = useThread(discussionId);
  const revalidate = useRevalidateDiscussions();
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** The first message shown when older ones were asked for, and its place on screen then. */
  const anchor = useRef<{ id: number; top: number } | null>(null);
  const me = session.displayedUser.id;
  const lastId = data?.messages.at(-1)?.id;
  const firstId = data?.messages[0]?.id;
  const olderCursor = data?.older_cursor ?? null;
  const loadingOlder = anchor.current !== null && isValidating;

  // A message that arrives (or is sent) brings the end into view; the thread as it first loads does
  // not move the page, which opens with its title in view (on a phone the thread is longer than the screen).
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (lastId === undefined) return;
    if (shown.current !== null && shown.current !== lastId) end.current?.scrollIntoView?.({ block: 'end' });
    shown.current = lastId;
  }, [lastId]);

  // Older messages came in above: put the message that was first back where it was on screen.
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || kept.id === firstId) return;
    const element = list.current?.querySelector<HTMLElement>(`[data-message-id="${kept.id}"]`);
    if (element) scrollParent(element).scrollTop += element.getBoundingClientRect().top - kept.top;
    anchor.current = null;
  }, [firstId]);

  function older() {
    if (firstId === undefined || anchor.current !== null) return;
    const element = list.current?.querySelector<HTMLElement>(`[data-message-id="${firstId}"]`);
    anchor.current = { id: firstId, top: element?.getBoundingClientRect().top ?? 0 };
    loadOlder();
  }

  // Scrolling up to the top of the thread asks for the older messages.
  const olderRef = useRef(older);
  olderRef.current = older;
  useEffect(() => {
    const target = top.current;
    if (!target || olderCursor === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) olderRef.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [olderCursor]);

  // Reading older messages keeps the page shown (its data stays while the longer one loads).
  if (isLoading && !data) {
    return (
      <Stack direction="row" align="center" gap="3" role="status" aria-busy="true">
        <Spinner size="sm" />
        <Text>{t('thread.loading')}</Text>
      </Stack>
    );
  }
  if (error || !data) {
    return (
      <Stack align="start" gap="3" role="alert">
        <Text>{t('thread.failed')}</Text>
        <Button size="sm" variant="outline" onClick={() => void mutate()}>
          {t('common:retry')}
        </Button>
      </Stack>
    );
  }

  const editable = !readOnly && data.discussion.status === 'open' && !session.displayAs;
  const byId = new Map(data.messages.map((message) => [message.id, message]));

  async function edit(message: Message, text: string) {
    await replaceMessage(api, message.id, text);
    notify({ kind: 'success', message: t('toasts.modified') });
    await revalidate();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteMessage(api, deleting.id);
      notify({ kind: 'success', message: t('toasts.deleted') });
      setDeleting(null);
      await revalidate();
    } catch {
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box>
      {data.messages.length === 0 ? (
        <Text color="fg.muted">{t('thread.empty')}</Text>
      ) : (
        // The log region wraps the list: role="log" on the <ol> itself would take its list semantics away.
        <Box role="log" aria-label={label} aria-live="polite">
          <div ref={top} />
          {olderCursor !== null ? (
            <Stack direction="row" justify="center" mb="3">
              <Button size="sm" variant="outline" loading={loadingOlder} loadingText={t('thread.loadingOlder')} onClick={older}>
                {t('thread.loadOlder')}
              </Button>
            </Stack>
          ) : null}
          <Stack as="ol" ref={list} gap="3" p="0" m="0">
            {data.messages.map((message, index) => {
              const own = message.from_user?.id === me;
              const previous = index > 0 ? data.messages[index - 1] : undefined;
              const parent = message.parent_message_id === null ? null : (byId.get(message.parent_message_id) ?? null);
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={own}
                  repliesTo={parent && parent.id !== previous?.id ? parent : null}
                  onEdit={own && editable ? (text) => edit(message, text) : undefined}
                  onDelete={own && editable ? () => setDeleting(message) : undefined}
                />
              );
            })}
          </Stack>
        </Box>
      )}
      <div ref={end} />
      <LazyDeleteConfirmDialog
        open={deleting !== null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
