import type { ApiClient, MessageCreateBody, MessageCreated } from '@hub/shared/api';

/** POST /api/discussions: a message into a discussion, or the first one to a consultant or customer; `close` is Send & Close. */
export function sendMessage(api: ApiClient, body: MessageCreateBody): Promise<MessageCreated> {
  return api.post<MessageCreated>('/discussions', body);
}
