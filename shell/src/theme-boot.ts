import { startEarlyRemotes } from './boot/early-remotes';

// Runs before the page paints, as a blocking script of its own (the portal's Content-Security-Policy
// allows no inline script): the stored theme (cookie client-hub-theme, 'system' following the OS)
// and skin colour the initial loader, and the stored language sets <html lang> from the first frame.
const root = document.documentElement;
try {
  const match = /(?:^|;\s*)client-hub-theme=([^;]*)/.exec(document.cookie);
  const theme = match ? decodeURIComponent(match[1]!) : 'light';
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (/(?:^|;\s*)client-hub-skin=bordered(?:;|$)/.test(document.cookie)) root.dataset.skin = 'bordered';
  const language = localStorage.getItem('language');
  if (language === 'en' || language === 'fr') root.lang = language;
} catch {
  // Storage or cookies unavailable: the defaults (light, English) stand.
}
// The start sequence's first step (docs/architecture.md): on a remote's area with a session stored,
// the remotes list, the route's manifest and its first files are asked for now, before the shell's
// entry has even been fetched; the shell takes the list's answer (boot/early-remotes.ts).
try {
  globalThis.__HUB_EARLY_REMOTES__ = startEarlyRemotes(window.location.pathname, localStorage, sessionStorage);
} catch {
  // Storage unavailable: the shell asks for the list itself.
}
