import type { ApiClient } from '@hub/shared/api';

/** DELETE /api/messages/{id}: the author deletes their message. */
export function deleteMessage(api: ApiClient, id: number): Promise<void> {
  return api.delete<void>(`/messages/${id}`);
}
