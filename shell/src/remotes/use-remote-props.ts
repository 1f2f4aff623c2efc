import type { RemoteName } from '@hub/shared/api';
import type { RemoteProps } from '@hub/shared/remote';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { lentSystem } from '../layout/chakra-root';
import { toRemotePreferences } from '../preferences/preferences';
import { toHubSession } from '../session/session-store';
import { useLanguage, usePreferences, useSessionState, useShell } from '../shell-context';
import { languageConfig } from '@hub/shared/i18n';
import { releaseServices } from './release-services';

/** The props a remote is mounted with; a new object only when the session, language or preferences change. */
export function useRemoteProps(name: RemoteName): RemoteProps | null {
  const services = useShell();
  const state = useSessionState();
  const language = useLanguage();
  const preferences = usePreferences();
  const navigate = useNavigate();
  // React Router's navigate changes with the location; remotes get one stable function.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const stable = useMemo(
    () => ({
      navigate: (to: string, options?: { replace?: boolean }) => navigateRef.current(to, options),
      selectEntity: (entityId: number | null) => services.session.setSelectedEntity(entityId),
      refreshSession: async () => {
        await services.reloadUser();
      },
      identityToken: () => services.session.tokens.identity(),
      // An error the remote's own boundary caught, counted for its release (name and place only).
      reportError: (error: unknown) => releaseServices(services).clientEvents.record('boundary', name, error),
      designSystem: lentSystem(),
      // Loaded with the display-as dialog's chunk, not with the page.
      startDisplayAs: async (userId: number, options: { includesUnpublished: boolean }) => {
        const { startDisplayAs } = await import(/* webpackChunkName: "display-as" */ '../display-as/start-display-as');
        return startDisplayAs(services, userId, options.includesUnpublished);
      },
    }),
    [services, name],
  );
  const scheme = services.preferences.colorScheme();

  return useMemo(() => {
    const session = toHubSession(state);
    if (!session) return null;
    return {
      name,
      basePath: '/',
      session,
      api: services.apis.api,
      adminApi: services.apis.adminApi,
      filesApi: services.apis.filesApi,
      notify: services.snackbar.notify,
      language,
      preferences: toRemotePreferences(preferences, scheme === 'dark', languageConfig(language).isRTL),
      ...stable,
    };
  }, [name, services, state, language, preferences, scheme, stable]);
}
