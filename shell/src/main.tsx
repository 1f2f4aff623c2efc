import { STORAGE_KEYS } from '@hub/shared/api';
import { installHistoryBridge } from '@hub/shared/remote';
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

createRoot(document.getElementById('root')!).render(<App services={services} />);
