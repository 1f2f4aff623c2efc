import type { ApiClient, Message } from '@hub/shared/api';

/** POST /api/messages/replace: the author edits their message. */
export function replaceMessage(api: ApiClient, id: number, message: string): Promise<Message> {
  return api.post<Message>('/messages/replace', { id, message });
}
