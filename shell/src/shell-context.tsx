import type { Language } from '@hub/shared/remote';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { InterfacePreferences } from './preferences/preferences';
import type { SessionState } from './session/session-store';
import type { ShellServices } from './shell-services';

export const ShellContext = createContext<ShellServices | null>(null);

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell must be used inside the shell');
  return services;
}

export function useSessionState(): SessionState {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.getState);
}

export function useLanguage(): Language {
  const { language } = useShell();
  return useSyncExternalStore(language.subscribe, language.get);
}

export function usePreferences(): InterfacePreferences {
  const { preferences } = useShell();
  return useSyncExternalStore(preferences.subscribe, preferences.get);
}
