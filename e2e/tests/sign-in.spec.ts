import { expect, test } from '@playwright/test';
import { currentUser, DEMO_ACCOUNTS, signIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

test.describe('signing in through the embedded OpenID provider', () => {
  for (const email of DEMO_ACCOUNTS) {
    // signIn() also checks the 'Successfully logged in ! Welcome back !' toast.
    test(`should bring ${email} to /home with a welcome in their name`, async ({ page }) => {
      await signIn(page, email);
      const user = await currentUser(page);
      await expect(page.getByRole('heading', { name: /Welcome/ })).toContainText(user.first_name);
      const tokens = await page.evaluate(() => [localStorage.getItem('hub.token.api'), localStorage.getItem('hub.token.files')]);
      expect(tokens[0]).toBeTruthy();
      expect(tokens[1]).toBeTruthy();
      expect(tokens[0]).not.toBe(tokens[1]);
    });
  }

  test('should send a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/advices');
    await page.waitForURL('**/login');
    await expect(page.getByRole('button', { name: 'Default connection' })).toBeVisible();
  });

  test('should show the public not-found page to a signed-out visitor, without navigation', async ({ page }) => {
    await page.goto('/pages/misc/not-found/some/missing/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/misc\/not-found\/some\/missing\/page$/);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('should send an unknown path, the root and /login to /home once signed in', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await page.goto('/no/such/page');
    await page.waitForURL('**/home');
    await page.goto('/');
    await page.waitForURL('**/home');
    await page.goto('/login');
    await page.waitForURL('**/home');
  });

  test('should sign out of the portal and of the provider: tokens, entity and provider cleared, back on /login with the toast', async ({
    page,
  }) => {
    await signIn(page, 'user@contoso.test');
    // Signing out revokes the session's tokens: copied from local storage before, the server refuses them after.
    const taken = await page.evaluate(() => [localStorage.getItem('hub.token.api'), localStorage.getItem('hub.token.files')]);
    expect((await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${taken[0]}` } })).status()).toBe(200);
    expect((await page.request.get('/api/v2/counters', { headers: { authorization: `Bearer ${taken[1]}` } })).status()).toBe(200);
    await page
      .getByRole('button', { name: /user menu|Carl|account/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${taken[0]}` } })).status()).toBe(401);
    expect((await page.request.get('/api/v2/counters', { headers: { authorization: `Bearer ${taken[1]}` } })).status()).toBe(401);
    await expectSnackbar(page, 'Successfully logged out ! See you next time !');
    const kept = await page.evaluate(() =>
      ['hub.token.api', 'hub.token.files', 'hub.entity', 'hub.provider'].map((key) => localStorage.getItem(key)),
    );
    expect(kept).toEqual([null, null, null, null]);
    await page.goto('/home');
    await page.waitForURL('**/login');
    // The provider's session ended too: the next person at this computer must give a password.
    await page.getByRole('button', { name: 'Default connection' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});

test.describe('language', () => {
  test('should switch to French, keep it across a reload and set <html lang>', async ({ page }) => {
    await signIn(page, 'user@northwind.test');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: /Language|Langue/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: /Bienvenue/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: /Bienvenue/ })).toBeVisible();

    await page.getByRole('button', { name: /Language|Langue/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  });

  test('should start in English when nothing is stored, and in French on the sign-in page once chosen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Connexion par défaut' })).toBeVisible();
  });
});
