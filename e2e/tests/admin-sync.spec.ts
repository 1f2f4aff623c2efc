import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { signedIn } from './test-support/session';
import { expectSnackbar } from './test-support/snackbars';

/** The groups and audit pages at both widths, in the language shown: loaded, nothing wider than the screen, accessible. */
async function checkPages(page: Page, texts: { groups: string; audit: string; group: string }, label: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/groups');
    await expect(page.getByRole('table', { name: texts.groups }).getByRole('link', { name: texts.group })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `/admin/groups at ${width} px, ${label}`);
    await page.goto('/admin/audit');
    await expect(page.getByRole('table', { name: texts.audit }).getByRole('row').nth(1)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `/admin/audit at ${width} px, ${label}`);
  }
}

test.describe('the Power BI sync and the audit log', () => {
  test('journey 4: an administrator runs both syncs against the stand-in report server, sees the counts, then the runs in the audit log', async ({
    browser,
  }) => {
    // Two syncs, then eight pages checked for overflow and accessibility: long on a busy machine.
    test.setTimeout(300_000);
    const admin = await signedIn(browser, 'admin@demo.test');
    await admin.goto('/admin/groups');
    const groups = admin.getByRole('table', { name: 'Groups' });
    await expect(groups.getByRole('link', { name: 'Northwind sales' })).toBeVisible();
    await expect(groups.getByRole('row').filter({ hasText: 'Northwind sales' })).toContainText('NW-Sales');

    // Refresh groups: the stand-in names CT-Finance, NW-Sales and NW-Marketing (new on a fresh database).
    await admin.getByRole('button', { name: 'Refresh groups' }).click();
    await expectSnackbar(admin, 'Power BI sync done for companies !');
    const groupsRun = admin.getByRole('status').filter({ hasText: 'Groups refreshed' });
    await expect(groupsRun).toContainText(/On the report server: 3 · Created: [01] · Updated: 0 · Unchanged: [23] · Removed: 0/);
    await expect(groups.getByRole('link', { name: 'NW-Marketing' })).toBeVisible();

    // Refresh users: nobody is created; each user's Power BI groups follow the server.
    await admin.getByRole('button', { name: 'Refresh users' }).click();
    await expectSnackbar(admin, 'Power BI sync done for users !');
    await expect(admin.getByRole('status').filter({ hasText: 'Users refreshed' })).toContainText(
      /Created: 0 · Updated: \d+ · Unchanged: \d+ · Groups given: \d+/,
    );
    await expect(admin.getByRole('button', { name: 'Refresh users' })).toBeEnabled();

    // The audit log shows both runs, by whom, newest first; filtered on one action through the URL.
    await admin.goto('/admin/audit');
    const log = admin.getByRole('table', { name: 'Audit log' });
    const runs = log.getByRole('row').filter({ hasText: /Power BI sync: refresh (groups|users)/ });
    await expect(runs.first()).toContainText('Power BI sync: refresh users');
    await expect(runs.first()).toContainText('admin@demo.test');
    await expect(log.getByRole('row').filter({ hasText: 'Power BI sync: refresh groups' }).first()).toContainText('found: 3');
    await admin.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Power BI sync: refresh groups' });
    await expect(admin).toHaveURL(/action=pbi\.refresh-groups/);
    await expect(log.getByRole('row').nth(1)).toContainText('Power BI sync: refresh groups');
    await expect(log.getByRole('row').filter({ hasText: 'refresh users' })).toHaveCount(0);

    // A group of the hub's own: created, found in the log with a link to it, then deleted.
    await admin.goto('/admin/groups/details');
    await admin.getByRole('textbox', { name: /^Name(?! on)/ }).fill('E2E readers');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expectSnackbar(admin, 'The group was created successfully !');
    await expect(admin.getByRole('heading', { level: 1, name: 'Group: E2E readers' })).toBeVisible();
    const groupId = /\/admin\/groups\/details\/(\d+)$/.exec(admin.url())![1]!;
    await admin.goto('/admin/audit?item_type=group');
    await expect(log.getByRole('link', { name: `Group #${groupId}` })).toHaveAttribute('href', `/admin/groups/details/${groupId}`);
    await admin.goto('/admin/groups?search=E2E');
    await admin.getByRole('button', { name: 'Delete E2E readers' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expectSnackbar(admin, 'The group was deleted successfully !');
    await admin.goto('/admin/audit?item_type=group');
    await expect(log.getByText(`Group #${groupId} (deleted)`).first()).toBeVisible();
    await expect(log.getByRole('link', { name: `Group #${groupId}` })).toHaveCount(0);

    await checkPages(admin, { groups: 'Groups', audit: 'Audit log', group: 'Northwind sales' }, 'English');
    await admin.evaluate(() => localStorage.setItem('language', 'fr'));
    await checkPages(admin, { groups: 'Groupes', audit: 'Journal d’audit', group: 'Northwind sales' }, 'French');
    await admin.context().close();
  });
});
