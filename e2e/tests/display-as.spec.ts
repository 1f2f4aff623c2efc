import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './test-support/checks';
import { signIn } from './test-support/session';

const band = (page: Page) => page.getByRole('region', { name: 'Display as' });
const advicesTitles = async (page: Page) => {
  await page.goto('/advices');
  const list = page.getByRole('list', { name: 'Advices', exact: true });
  await list.waitFor();
  return list.getByRole('heading').allTextContents();
};

/** From the user menu: search Nina by email, choose the mode, start. */
async function displayNina(page: Page, mode: 'Standard' | 'With unpublished content') {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Display as' }).click();
  const dialog = page.getByRole('dialog', { name: 'Display as' });
  await dialog.getByRole('searchbox', { name: 'Search a user by name or email' }).fill('user@northwind');
  await dialog.getByRole('radio', { name: /Nina North/ }).check();
  await dialog.getByRole('radio', { name: mode }).check();
  await dialog.getByRole('button', { name: 'Display as Nina North' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('display-as', () => {
  test('should show an administrator the portal as Nina in the standard mode, over a reload, until Stop', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('group', { name: 'Administration', exact: true })).toBeVisible();
    await displayNina(page, 'Standard');

    await expect(band(page)).toContainText('You are displaying the portal as Nina North (standard mode).');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nina North' })).toBeVisible();
    await expectAccessible(page, '/home while displaying Nina');
    await expect(menu.getByRole('group', { name: 'Administration', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Collectmaster' })).toHaveCount(0);
    const titles = await advicesTitles(page);
    expect(titles).toContain('Speed up your monthly sales report');
    expect(titles).not.toContain('Draft: access rights policy');

    await page.goto('/collectmaster');
    await page.waitForURL('**/home');
    await page.reload();
    await expect(band(page)).toContainText('Nina North');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nina North' })).toBeVisible();

    await band(page).getByRole('button', { name: 'Stop' }).click();
    await expect(band(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alice Admin' })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Administration', exact: true })).toBeVisible();
  });

  test("should show Northwind's draft advice in the unpublished mode", async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await displayNina(page, 'With unpublished content');
    await expect(band(page)).toContainText('(with unpublished content)');
    expect(await advicesTitles(page)).toContain('Draft: access rights policy');
  });
});

test.describe('the interface preferences panel', () => {
  test('should set dark mode and horizontal navigation, accessible at 1280 and 375 px, in English and French', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Interface preferences' }).click();
    const panel = page.getByRole('dialog', { name: 'Interface preferences' });
    await panel.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    await panel.getByRole('radio', { name: 'Horizontal' }).check();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectAccessible(page, 'preferences panel at 1280 px');
    await panel.getByRole('button', { name: 'Close the preferences' }).click();

    const horizontal = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(horizontal).toBeVisible();
    await horizontal.getByRole('button', { name: 'Administration', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Categories' })).toBeVisible();
    await expectAccessible(page, 'horizontal navigation, dark, at 1280 px');
    await page.getByRole('menuitem', { name: 'Categories' }).click();
    await page.waitForURL('**/admin/categories');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/home');
    await expect(horizontal).toBeHidden();
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: "Préférences d'interface" }).click();
    const panelFr = page.getByRole('dialog', { name: "Préférences d'interface" });
    await expect(panelFr.getByRole('radio', { name: 'Horizontale' })).toBeChecked();
    await expectAccessible(page, 'preferences panel at 375 px in French');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
