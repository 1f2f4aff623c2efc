import { expect, type Page } from '@playwright/test';

/**
 * The snackbar's messages, as the page showed them. A message closes after 2 s (docs/product.md §2):
 * a check that polls for it (`toBeVisible`) looks a few times a second, and on a busy machine, where
 * the page itself runs late, it can look before and after. So each watched page records every
 * message the snackbar host adds (a MutationObserver, whose callback runs before any timer could
 * take the message away), in this document and in each one it navigates to; a journey checks the
 * record and, failing that, the messages shown now.
 */
const watched = new WeakSet<Page>();

interface Shown {
  text: string;
  element: Element;
  checked: boolean;
}

declare global {
  interface Window {
    __hubSnackbars?: Shown[];
  }
}

const SNACKBAR_MESSAGE = '[data-placement="top-end"] > [role="status"]';

function record(selector: string) {
  if (window.__hubSnackbars) return;
  const shown: Shown[] = [];
  window.__hubSnackbars = shown;
  const seen = new WeakSet<Element>();
  const scan = () => {
    document.querySelectorAll(selector).forEach((element) => {
      if (seen.has(element)) return;
      seen.add(element);
      shown.push({ text: element.textContent ?? '', element, checked: false });
    });
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  scan();
}

/** Records the snackbar's messages on `page` from now on (sign-in does it for every journey). */
export async function watchSnackbars(page: Page): Promise<void> {
  if (watched.has(page)) return;
  watched.add(page);
  await page.addInitScript(record, SNACKBAR_MESSAGE);
  await page.evaluate(record, SNACKBAR_MESSAGE);
}

/**
 * In the page: the first message not yet checked that matches, recorded or shown now; it and the
 * recorded ones before it count as checked. Null when there is none yet.
 */
function takeMessage({ source, flags, selector }: { source: string; flags: string; selector: string }) {
  const pattern = new RegExp(source, flags);
  const shown = window.__hubSnackbars ?? [];
  let index = shown.findIndex((entry) => !entry.checked && pattern.test(entry.text));
  if (index < 0) {
    // Shown now but not recorded: the page was not watched when it came (a navigation's first instant).
    const element = Array.from(document.querySelectorAll(selector)).find(
      (candidate) => pattern.test(candidate.textContent ?? '') && !shown.some((entry) => entry.element === candidate && entry.checked),
    );
    if (!element) return { found: false, shown: shown.filter((entry) => !entry.checked).map((entry) => entry.text) };
    index = shown.findIndex((entry) => entry.element === element);
    if (index < 0) {
      shown.push({ text: element.textContent ?? '', element, checked: false });
      index = shown.length - 1;
    }
  }
  for (let before = 0; before <= index; before += 1) shown[before]!.checked = true;
  return { found: true, shown: [] };
}

/**
 * Waits until the snackbar has shown `text` (a substring, or a pattern) since the last message
 * checked on this page, and counts it and those before it as checked: the same message shown twice
 * needs two calls.
 */
export async function expectSnackbar(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  if (!watched.has(page)) throw new Error('expectSnackbar: call watchSnackbars(page) before the action that shows the message');
  const pattern = typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
  const argument = { source: pattern.source, flags: pattern.flags.replace('g', ''), selector: SNACKBAR_MESSAGE };
  let unchecked: string[] = [];
  let lastError: unknown = null;
  try {
    await expect
      .poll(
        async () => {
          try {
            const result = await page.evaluate(takeMessage, argument);
            unchecked = result.shown;
            return result.found;
          } catch (error) {
            // A navigation under way destroys the page's context: this look fails, the next one tries again.
            lastError = error;
            return false;
          }
        },
        { timeout },
      )
      .toBe(true);
  } catch {
    throw new Error(
      `The snackbar did not show "${String(text)}" on ${page.url()}; it showed ${JSON.stringify(unchecked)} since the last check` +
        (lastError ? ` (last look: ${String(lastError)})` : ''),
    );
  }
}
