import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow } from './test-support/checks';
import { signedIn } from './test-support/session';

/** A GET on the hub API with the page's own token: its status and JSON body. */
async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('hub.token.api');
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }, path);
}

interface UserRow {
  id: number;
  email: string;
  entity: { id: number; name: string } | null;
}

test.describe("the entity admin area's users", () => {
  test("journey 3: contributor@northwind.test sees only Northwind's users; another company's user is not found, and the API answers 404", async ({
    browser,
  }) => {
    // Another company's user, as the administrators' console knows them (whatever the other journeys changed).
    const admin = await signedIn(browser, 'admin@demo.test');
    const carl = (await apiGet<{ items: UserRow[] }>(admin, '/api/admin/users?search=user%40contoso.test')).body.items[0]!;
    expect(carl.entity?.name).toBe('Contoso');
    await admin.context().close();

    const page = await signedIn(browser, 'contributor@northwind.test');
    await page.goto('/entity/admin/users/');
    const table = page.getByRole('table', { name: 'Users of Northwind Traders' });
    await expect(table.getByRole('link', { name: 'Chris Contributor' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Paula Publisher' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Carl Contoso' })).toHaveCount(0);
    await expect(table.getByText('user@contoso.test')).toHaveCount(0);
    await expectAccessible(page, 'entity users at 1280 px');

    // What the list shows is what the server answers for Northwind: nobody of another company.
    const northwindId = (await apiGet<{ entity: { id: number } }>(page, '/api/auth/user')).body.entity.id;
    const listed = await apiGet<{ items: UserRow[] }>(page, `/api/admin/users/entity/${northwindId}?page_size=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.every((user) => user.entity?.name === 'Northwind Traders')).toBe(true);

    // Searched on the server, kept in the address.
    await page.getByRole('region', { name: 'Users of Northwind Traders' }).getByRole('searchbox').fill('paula');
    await expect(page).toHaveURL(/search=paula/);
    await expect(table.getByRole('link', { name: 'Chris Contributor' })).toHaveCount(0);
    await table.getByRole('link', { name: 'Paula Publisher' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User: Paula Publisher' })).toBeVisible();
    await expect(page.getByText('publisher@demo.test')).toBeVisible();
    await expectAccessible(page, 'entity user details at 1280 px');

    // Typing another company's user id in the address: the not-found state, and the API's 404.
    await page.goto(`/entity/admin/users/details/${carl.id}`);
    await expect(page.getByText('This item does not exist or is not yours to manage.')).toBeVisible();
    await expect(page.getByText('Carl')).toHaveCount(0);
    const typed = await apiGet<{ message: string }>(page, `/api/admin/users/entity/${northwindId}/user/${carl.id}`);
    expect(typed.status).toBe(404);
    expect(typed.body.message).toBe('User not found');
    expect((await apiGet(page, `/api/admin/users/entity/${carl.entity!.id}`)).status).toBe(403);
    await expectAccessible(page, 'entity user not found at 1280 px');

    // At phone width, and in French.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/entity/admin/users/');
    await expect(table.getByRole('link', { name: 'Chris Contributor' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'entity users at 375 px');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.reload();
    const french = page.getByRole('table', { name: 'Utilisateurs de Northwind Traders' });
    await expect(french.getByRole('link', { name: 'Chris Contributor' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'entity users at 375 px in French');
    await french.getByRole('link', { name: 'Chris Contributor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Utilisateur : Chris Contributor' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, 'entity user details at 375 px in French');
    await page.context().close();
  });
});
