import { expect, type Browser, type Page } from '@playwright/test';
import { expectSnackbar, watchSnackbars } from './snackbars';

export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS = [
  'admin@demo.test',
  'consultant@demo.test',
  'publisher@demo.test',
  'contributor@northwind.test',
  'user@northwind.test',
  'user@contoso.test',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

const watchedSignOuts = new WeakSet<Page>();

/**
 * Prints, in the journey's output, each line the page's console gives when its session ends
 * ("Signed out: <why>" from the shell's session, "401 on <path>" from its API client, "Sign-in
 * failed"): a journey that finds itself on the sign-in page then says why, even on an attempt whose
 * trace is not kept.
 */
function watchSignOuts(page: Page, who: string): void {
  if (watchedSignOuts.has(page)) return;
  watchedSignOuts.add(page);
  page.on('console', (message) => {
    const text = message.text();
    if (/^(Signed out: |401 on |Sign-in failed)/.test(text)) console.log(`[${who}'s page, ${new Date().toISOString()}] ${text}`);
  });
}

/**
 * Signs in as a person does: the default connection, the embedded provider's own page, back to /home.
 * Checks the welcome message of the snackbar; the page's snackbar is watched from here on (see snackbars.ts),
 * and so is the end of its session (watchSignOuts).
 */
export async function signIn(page: Page, email: DemoAccount): Promise<void> {
  watchSignOuts(page, email);
  await watchSnackbars(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Default connection' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectSnackbar(page, 'Successfully logged in ! Welcome back !');
  await page.waitForURL('**/home');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
}

/**
 * A call made in the page with one of its own tokens (`hub.token.api` or `hub.token.files`) to `url`
 * (a path of the portal): its status and its body, parsed (null when empty).
 */
export async function callWithToken(
  page: Page,
  tokenKey: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ tokenKey, method, url, body }) => {
      const token = localStorage.getItem(tokenKey);
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { tokenKey, method, url, body },
  );
}

/** A call to the hub API with the page's own token: what the API answers this signed-in person. */
export function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return callWithToken(page, 'hub.token.api', method, `/api${path}`, body);
}

/** A call to the file-exchange API (/api/v2) with the page's own files token. */
export function callFilesApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return callWithToken(page, 'hub.token.files', method, `/api/v2${path}`, body);
}

/** The signed-in user as the hub API describes them, read with the page's own token. */
export async function currentUser(page: Page): Promise<{ first_name: string; last_name: string; rights: string[] }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('hub.token.api');
    const response = await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
    return response.json();
  });
}

/** A new browser context at the given width, signed in as a demo account. */
export async function signedIn(browser: Browser, email: DemoAccount, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/**
 * Makes sure the signed-in customer of `page` has an open discussion, so that /contact is their page
 * (without one, the shell sends them home): a first message opens one, as the home page's form does.
 */
export async function openDiscussion(page: Page): Promise<void> {
  const open = (await callApi(page, 'GET', '/discussions')).json as { items: unknown[] };
  if (open.items.length > 0) return;
  const me = (await callApi(page, 'GET', '/auth/user')).json as { contacts: { id: number }[] };
  const sent = await callApi(page, 'POST', '/discussions', { message: 'Opened by the budget guard.', to_user_id: me.contacts[0]!.id });
  expect(sent.status).toBe(201);
}
