import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { signedIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

/** The advices a customer sees on /advices, by title. */
async function advicesTitles(page: Page): Promise<string[]> {
  await page.goto('/advices');
  const list = page.getByRole('list', { name: 'Advices', exact: true });
  const empty = page.getByText('No advice for you yet.');
  await expect(list.or(empty)).toBeVisible();
  return (await list.count()) ? list.getByRole('heading').allTextContents() : [];
}

test.describe('the people consoles', () => {
  test('journey 1: an administrator raises user@contoso.test to contributor, who then manages only Contoso advices', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@demo.test');
    await admin.goto('/admin/users');
    const table = admin.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('link', { name: 'Carl Contoso' })).toBeVisible();
    await expectAccessible(admin, 'users list at 1280 px');

    // The console's own filters (the shell's header has an entity selector too).
    const console = admin.getByRole('region', { name: 'Users' });
    await console.getByRole('searchbox').fill('contoso');
    // As a person does, whether by mouse or by Tab: leaving the box for the filter applies the search.
    // (selectOption alone would change the filter with the focus still in the box, the search still
    // waiting for its pause, a state no person can reach.)
    const entity = console.getByRole('combobox', { name: 'Entity' });
    await entity.focus();
    await entity.selectOption({ label: 'Contoso' });
    await expect(admin).toHaveURL(/[?&]search=contoso/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Carl Contoso' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'User: Carl Contoso' })).toBeVisible();
    await expectAccessible(admin, 'user details at 1280 px');

    const role = admin.getByRole('combobox', { name: 'Role' });
    await expect(role).toHaveValue('user');
    await role.selectOption('contributor');
    await expect(admin.getByText('Adds the entity admin area and the content consoles')).toBeVisible();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expectSnackbar(admin, 'The user was updated successfully !');

    // The same pages at phone width: nothing wider than the screen, still accessible.
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(admin);
    await expectAccessible(admin, 'user details at 375 px');
    await admin.goto('/admin/users?role=contributor');
    await expect(admin.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Carl Contoso' })).toBeVisible();
    await expectNoHorizontalOverflow(admin);
    await expectAccessible(admin, 'users list at 375 px');
    await admin.context().close();

    // Signed in again, Carl is a contributor: the entity admin area shows Contoso's advices only.
    const carl = await signedIn(browser, 'user@contoso.test');
    await carl.goto('/entity/admin/advices');
    const advices = carl.getByRole('table', { name: 'Advices' });
    await expect(advices.getByRole('link', { name: 'Contoso: plan your budget forecast', exact: true })).toBeVisible();
    await expect(advices.getByRole('link', { name: 'Contoso: archive closed projects', exact: true })).toBeVisible();
    await expect(advices.getByRole('link', { name: 'Speed up your monthly sales report', exact: true })).toHaveCount(0);
    await expect(advices.getByRole('row')).toHaveCount(3);
    await expectAccessible(carl, 'Contoso advices at 1280 px');
    await carl.context().close();
  });

  test("journey 2: an administrator moves a user from Northwind to Contoso with the company's double list; her advices follow", async ({
    browser,
  }) => {
    const nina = await signedIn(browser, 'user@northwind.test');
    const before = await advicesTitles(nina);
    expect(before).toContain('Speed up your monthly sales report');
    expect(before).not.toContain('Contoso: plan your budget forecast');

    const admin = await signedIn(browser, 'admin@demo.test');
    await admin.goto('/admin/entities');
    const companies = admin.getByRole('table', { name: 'Companies' });
    await expect(companies.getByRole('link', { name: 'Contoso', exact: true })).toBeVisible();
    await expectAccessible(admin, 'companies list at 1280 px');
    await companies.getByRole('link', { name: 'Contoso', exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Company: Contoso' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search by name or email' }).fill('nina');
    const outside = admin.getByRole('listbox', { name: 'Not associated users' });
    // The search applied (as a person waits for the list to narrow), then the click.
    await expect(outside.getByRole('option')).toHaveCount(1);
    await outside.getByRole('option', { name: /^Nina North \(user@northwind\.test\) · Northwind Traders/ }).click();
    await expectSnackbar(admin, 'The user was added to the entity successfully !');
    await expect(admin.getByRole('listbox', { name: 'Associated users' }).getByRole('option', { name: /Nina North/ })).toBeVisible();
    await expectAccessible(admin, 'company details at 1280 px');
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(admin);
    await expectAccessible(admin, 'company details at 375 px');
    await admin.context().close();

    // Signed in again, Nina reads Contoso's advices, no longer Northwind's.
    await nina.context().close();
    const moved = await signedIn(browser, 'user@northwind.test');
    const after = await advicesTitles(moved);
    expect(after).toContain('Contoso: plan your budget forecast');
    expect(after).not.toContain('Speed up your monthly sales report');
    await moved.context().close();
  });
});
