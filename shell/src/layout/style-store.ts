// The design system's component styles, kept in the browser between visits.
//
// Chakra styles each element through emotion: on a page's first render every style object is
// compiled to CSS (stylis) and inserted rule by rule, the largest piece of script of the first
// commit (docs/journal/2026-11-27-component-styles-kept.md). The rules are the
// same on every visit: a class name is the hash of its styles, so `css-1x2y3z` always holds the same
// CSS. This module keeps the rules a page inserted in localStorage, and on the next signed-in visit
// puts them back before the design system loads, as one <style> element in emotion's own server
// rendering form (`data-emotion="css name name …"`). Every emotion instance on the page (the shell's
// and each remote's, which bundle their own) reads that element when it starts and skips the names
// it lists, so their styles are not compiled again. A name not in the store is inserted as usual.
//
// Kept per Chakra version (a new version may write other CSS for the same style objects); the store
// is only CSS, written by this origin's own code, never personal data.

declare const __CHAKRA_VERSION__: string | undefined;

export const STYLE_STORE_KEY = 'hub.styles';
/** Above this much CSS the store stops growing (localStorage holds a few MB per origin, shared). */
export const STYLE_STORE_MAX_CHARS = 400_000;
const FORMAT = 1;

interface StoredStyles {
  format: number;
  chakra: string;
  names: string[];
  css: string;
}

function version(): string {
  return typeof __CHAKRA_VERSION__ === 'string' ? __CHAKRA_VERSION__ : 'unknown';
}

function read(storage: Storage): StoredStyles | null {
  try {
    const stored = JSON.parse(storage.getItem(STYLE_STORE_KEY) ?? 'null') as StoredStyles | null;
    if (!stored || stored.format !== FORMAT || stored.chakra !== version()) return null;
    if (!Array.isArray(stored.names) || typeof stored.css !== 'string') return null;
    return stored;
  } catch {
    return null;
  }
}

/**
 * The name emotion keys a rule by: a keyframes' name, or its own class, the first `.css-…` of its
 * selector (inside any @media, @supports or @layer blocks).
 */
const NAME = /^(?:@keyframes\s+([\w-]+)|(?:@[^{]*\{\s*)*[^{]*?\.css-([\w-]+))/;
export function ruleName(cssText: string): string | undefined {
  const match = NAME.exec(cssText);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Puts the stored rules on the page, marked so that emotion counts them as inserted. Call before the
 * design system's modules load (emotion reads the marks when it starts). Returns how many names.
 */
export function restoreStyles(doc: Document, storage: Storage): number {
  const stored = read(storage);
  if (!stored || stored.names.length === 0) return 0;
  const style = doc.createElement('style');
  style.dataset.emotion = ['css', ...stored.names].join(' ');
  style.dataset.hubStored = '';
  style.textContent = stored.css;
  doc.head.append(style);
  return stored.names.length;
}

/**
 * The rules every emotion instance has put on the page (key `css`), and the names they belong to;
 * with `inserted`, only those inserted on this visit (not the restored ones).
 */
export function collectStyles(doc: Document, { inserted = false } = {}): { names: string[]; css: string } {
  const names = new Set<string>();
  const rules = new Set<string>();
  for (const element of doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    const key = (element.dataset.emotion ?? '').split(' ')[0];
    if (key !== 'css' || !element.sheet || (inserted && element.dataset.hubStored !== undefined)) continue;
    for (const rule of Array.from(element.sheet.cssRules)) {
      const text = rule.cssText;
      if (rules.has(text)) continue;
      rules.add(text);
      const name = ruleName(text);
      if (name) names.add(name);
    }
  }
  return { names: [...names], css: [...rules].join('\n') };
}

/**
 * Writes what the page holds now, when it holds names the store does not. Past STYLE_STORE_MAX_CHARS
 * (styles of screens since removed pile up) the store starts again from this visit's own rules; it is
 * not written when storage refuses (full, private mode): the page works as without it.
 */
export function saveStyles(doc: Document, storage: Storage, maxChars = STYLE_STORE_MAX_CHARS): boolean {
  const known = new Set(read(storage)?.names ?? []);
  let { names, css } = collectStyles(doc);
  if (names.every((name) => known.has(name))) return false;
  if (css.length > maxChars) ({ names, css } = collectStyles(doc, { inserted: true }));
  if (css.length > maxChars) return false;
  const stored: StoredStyles = { format: FORMAT, chakra: version(), names, css };
  try {
    storage.setItem(STYLE_STORE_KEY, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves when the page is hidden or left (the moments a phone may end it), and once the first page has
 * settled, in idle time. Saving reads every rule, a few milliseconds: it runs only when names are new.
 */
export function keepStyles(win: Window): void {
  const save = () => {
    saveStyles(win.document, win.localStorage);
  };
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') save();
  });
  win.addEventListener('pagehide', save);
  const idle = win.requestIdleCallback ?? ((run: () => void) => win.setTimeout(run, 0));
  win.setTimeout(() => idle(save, { timeout: 5_000 }), 10_000);
}
