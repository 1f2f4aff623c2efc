import { followFileExchangeEvents, type ApiClient } from '@hub/shared/api';

/**
 * Follows Collectmaster's `counters` live event (the shared stream: a ticket per connection, a
 * fresh one after a drop). Loaded lazily, off /home's entry. Returns the stop.
 */
export function followFilesToReview(filesApi: ApiClient, userId: number, onCount: (uploaded: number) => void): () => void {
  return followFileExchangeEvents(filesApi, userId, (event) => {
    if (event.type === 'counters' && typeof event.uploaded === 'number') onCount(event.uploaded);
  });
}
