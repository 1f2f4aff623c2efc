import type { Notification } from '@hub/shared/api';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionState, useShell } from '../shell-context';

/**
 * Opens a notification's item and marks it read, except during display-as (the server refuses it
 * there: looking at someone's notifications never marks them read).
 */
export function useOpenNotification(after?: () => void) {
  const { apis } = useShell();
  const { displayAs } = useSessionState();
  const navigate = useNavigate();
  return useCallback(
    (notification: Notification) => {
      if (notification.read_at === null && !displayAs) {
        void apis.api.put(`/notifications/${notification.id}/read`, undefined, { silent: true }).catch(() => undefined);
      }
      after?.();
      navigate(notification.path);
    },
    [after, apis.api, displayAs, navigate],
  );
}
