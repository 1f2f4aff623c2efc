import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dashboardData } from '../../../../src/plugins/app/dashboards/dashboards-repository';
import { reportPathOf } from '../../../../src/plugins/app/dashboards/dashboard-refresh';
import { startFakeReportServer, type FakeReportServer } from '../../../../src/lib/power-bi/fake-report-server';
import { DB_KIND, testDb } from '../../../test-support/helper';
import { rowId } from '../../../test-support/content-caller';
import { signedInApp } from '../../../test-support/signed-in-app';

const USER = 'user@northwind.test';
const CONTRIBUTOR = 'contributor@northwind.test';

interface Item {
  id: number;
  title: string;
  favourite: boolean;
  data: { as_of: string | null; failed_at: string | null; state: string };
}

describe(`dashboards: favourites and how fresh the data is (${DB_KIND})`, () => {
  let reportServer: FakeReportServer;
  before(async () => {
    reportServer = await startFakeReportServer();
  });
  after(() => reportServer.close());
  const signedIn = signedInApp({ config: () => ({ pbirsUrl: reportServer.url }) });
  const { call } = signedIn;
  const dashboardId = (title: string) => rowId('SELECT id FROM dashboards WHERE title = $1', [title]);
  const list = async (email: string): Promise<Item[]> => (await call(email, 'GET', '/api/dashboards')).json().items;

  test('should keep a star per person, list favourites first, and refuse a dashboard the caller does not see', async () => {
    const stock = await dashboardId('Northwind stock levels');
    const sales = await dashboardId('Northwind sales overview');
    const before = await list(USER);
    assert.ok(before.every((item) => !item.favourite));

    // The older of the two, starred, comes first.
    const older = before.at(-1)!;
    assert.equal((await call(USER, 'PUT', `/api/dashboards/${older.id}/favourite`)).statusCode, 204);
    assert.equal((await call(USER, 'PUT', `/api/dashboards/${older.id}/favourite`)).statusCode, 204, 'idempotent');
    const after = await list(USER);
    assert.deepEqual(
      after.map((item) => [item.id, item.favourite]),
      [
        [older.id, true],
        [before[0]!.id, false],
      ],
    );
    assert.equal((await call(USER, 'GET', `/api/dashboards/${older.id}`)).json().favourite, true);
    // Another person of the same entity has their own.
    assert.ok((await list(CONTRIBUTOR)).every((item) => !item.favourite));
    // Another entity's user does not see it: 404, nothing kept.
    assert.equal((await call('user@contoso.test', 'PUT', `/api/dashboards/${sales}/favourite`)).statusCode, 404);
    const { rows } = await (await testDb()).query('SELECT user_id FROM dashboard_favourites');
    assert.equal(rows.length, 1);

    assert.equal((await call(USER, 'DELETE', `/api/dashboards/${older.id}/favourite`)).statusCode, 204);
    assert.ok((await list(USER)).every((item) => !item.favourite));
    assert.ok([stock, sales].includes(older.id));
  });

  test("should read the reports' refresh history and say refreshed, failed and stale", async () => {
    assert.ok((await list(USER)).every((item) => item.data.state === 'unknown' && item.data.as_of === null));
    assert.equal(await signedIn.app.dashboardRefresh.run(), 4, 'the four published demo reports (the draft has no report on the server)');
    const data = async (email: string) => Object.fromEntries((await list(email)).map((item) => [item.title, item.data]));

    const northwind = await data(USER);
    const sales = northwind['Northwind sales overview']!;
    assert.equal(sales.state, 'fresh');
    assert.ok(Date.now() - Date.parse(sales.as_of!) < 24 * 3_600_000, 'refreshed this morning');
    const stock = northwind['Northwind stock levels']!;
    assert.equal(stock.state, 'stale');
    assert.ok(Date.now() - Date.parse(stock.as_of!) > 3 * 24 * 3_600_000 - 3_600_000);

    const finance = (await data('user@contoso.test'))['Contoso finance cockpit']!;
    assert.equal(finance.state, 'failed');
    assert.ok(finance.failed_at && finance.as_of && Date.parse(finance.failed_at) > Date.parse(finance.as_of));
    const { rows } = await (
      await testDb()
    ).query<{ last_failure_message: string }>("SELECT last_failure_message FROM dashboard_refresh WHERE report_path = '/Contoso/Finance'");
    assert.match(rows[0]!.last_failure_message, /timed out/);

    // A later successful refresh clears the warning.
    const plan = reportServer.plans.find((candidate) => candidate.CatalogItemPath === '/Contoso/Finance')!;
    plan.History.unshift({ ...plan.History[1]!, StartTime: new Date().toISOString(), EndTime: new Date().toISOString() });
    await signedIn.app.dashboardRefresh.run();
    assert.equal((await data('user@contoso.test'))['Contoso finance cockpit']!.state, 'fresh');
  });

  test('should judge the data from the last success and failure, against REPORT_STALE_HOURS', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    assert.deepEqual(dashboardData(null, null, 24, now), { as_of: null, failed_at: null, state: 'unknown' });
    assert.equal(dashboardData('2026-03-10T06:00:00Z', null, 24, now).state, 'fresh');
    assert.equal(dashboardData('2026-03-09T11:00:00Z', null, 24, now).state, 'stale');
    assert.equal(dashboardData('2026-03-09T11:00:00Z', null, 48, now).state, 'fresh');
    assert.deepEqual(dashboardData('2026-03-09T06:00:00Z', '2026-03-10T06:00:00Z', 24, now), {
      as_of: '2026-03-09T06:00:00.000Z',
      failed_at: '2026-03-10T06:00:00.000Z',
      state: 'failed',
    });
    assert.equal(dashboardData(null, '2026-03-10T06:00:00Z', 24, now).state, 'failed');
    assert.equal(dashboardData('2026-03-10T07:00:00Z', '2026-03-10T06:00:00Z', 24, now).state, 'fresh', 'a failure mended since');
  });

  test("should find a dashboard's report path in its URL", () => {
    assert.equal(reportPathOf('https://reports.example.com/reports/powerbi/Northwind/Sales'), '/Northwind/Sales');
    assert.equal(
      reportPathOf('http://localhost:8080/dev-report-server/reports/powerbi/Contoso/Finance/?rs:embed=true'),
      '/Contoso/Finance',
    );
    assert.equal(reportPathOf('https://reports.example.com/reports/powerbi/Two%20Words'), '/Two Words');
    assert.equal(reportPathOf('https://example.com/other'), null);
  });
});
