import { followFileExchangeEvents, type FileExchangeEvent } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useEffect, useRef } from 'react';

/** Subscribes to Collectmaster's live events while mounted (`followFileExchangeEvents`). */
export function useFileEvents(onEvent: (event: FileExchangeEvent) => void) {
  const { filesApi, session } = useRemoteProps();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const userId = session.displayedUser.id;
  const displayAs = session.displayAs !== null;

  useEffect(() => {
    // Collectmaster is unavailable in display-as (the API answers 403): nothing to listen to.
    if (displayAs) return undefined;
    return followFileExchangeEvents(filesApi, userId, (event) => handler.current(event));
  }, [filesApi, userId, displayAs]);
}
