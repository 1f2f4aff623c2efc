import { IconButton } from '@chakra-ui/react';
import { dashboardFavouritePath, type Dashboard } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The star of a dashboard: a toggle button (aria-pressed) kept by the server for the person. */
export function FavouriteButton({ dashboard, onChanged }: { dashboard: Dashboard; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('dashboards');
  const { api, session } = useRemoteProps();
  const [busy, setBusy] = useState(false);
  const [pressed, setPressed] = useState(dashboard.favourite);
  const shown = busy ? pressed : dashboard.favourite;

  async function toggle() {
    const next = !dashboard.favourite;
    setPressed(next);
    setBusy(true);
    try {
      if (next) await api.put(dashboardFavouritePath(dashboard.id));
      else await api.delete(dashboardFavouritePath(dashboard.id));
      await onChanged();
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(false);
    }
  }

  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-pressed={shown}
      aria-label={t(shown ? 'favourite.remove' : 'favourite.add', { title: dashboard.title })}
      title={t(shown ? 'favourite.remove' : 'favourite.add', { title: dashboard.title })}
      // Display-as shows the portal as someone: it does not change their favourites (the server refuses).
      disabled={busy || session.displayAs !== null}
      onClick={() => void toggle()}
      color={shown ? 'orange.fg' : 'fg.muted'}
      fontSize="xl"
    >
      <span aria-hidden="true">{shown ? '★' : '☆'}</span>
    </IconButton>
  );
}
