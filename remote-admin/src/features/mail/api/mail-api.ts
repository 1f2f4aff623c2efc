import type { OutboxList, ReceivedEmailDetails, ReceivedList } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR from 'swr';

/** The newest emails of one view: the page shows these, newest first. */
export const MAIL_PAGE_SIZE = 100;
export const MAIL_FILTERS = ['view'] as const;
/** What the page shows: the outbox by state ('' is the failed emails), or what the embedded SMTP server received. */
export type MailView = '' | 'pending' | 'sent' | 'received';

export const outboxKey = (view: MailView) => ['admin/mail', view] as const;

export function useOutbox(view: Exclude<MailView, 'received'>) {
  const { adminApi } = useRemoteProps();
  return useSWR(outboxKey(view), () =>
    adminApi.get<OutboxList>('/mail/outbox', { state: view || 'failed', page_size: MAIL_PAGE_SIZE }, { silent: true }),
  );
}

export function useReceived() {
  const { adminApi } = useRemoteProps();
  return useSWR(outboxKey('received'), () => adminApi.get<ReceivedList>('/mail/received', { page_size: MAIL_PAGE_SIZE }, { silent: true }));
}

/** One received email, read on the server: its plain text and unsubscribe links (nothing while `id` is null). */
export function useReceivedEmail(id: number | null) {
  const { adminApi } = useRemoteProps();
  return useSWR(id === null ? null : (['admin/mail/received', id] as const), ([, emailId]) =>
    adminApi.get<ReceivedEmailDetails>(`/mail/received/${emailId}`, undefined, { silent: true }),
  );
}

/** Sends a failed email again (the worker picks it up within a second). */
export function retryEmail(adminApi: ReturnType<typeof useRemoteProps>['adminApi'], id: number) {
  return adminApi.post(`/mail/outbox/${id}/retry`);
}
