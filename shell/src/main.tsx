import { STORAGE_KEYS } from '@hub/shared/api';
import { installHistoryBridge } from '@hub/shared/remote';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyLanguage, resolveInitialLanguage } from './language/language';
import { createShellServices, resumeSession } from './shell-services';

// Shell menu, remote links and back/forward must move every router on the page together.
installHistoryBridge();

const language = resolveInitialLanguage(localStorage.getItem(STORAGE_KEYS.language));
applyLanguage(language);
const services = createShellServices({ language });
resumeSession(services);

// A transition: React renders the first screen in slices, yielding to the browser between them,
// rather than in one long task that keeps a phone from answering a tap.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App services={services} />));
