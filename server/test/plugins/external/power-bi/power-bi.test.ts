import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import configPlugin, { ConfigError, loadConfig } from '../../../../src/plugins/external/config';
import powerBi from '../../../../src/plugins/external/power-bi';
import { demoCatalog, startFakeReportServer } from '../../../../src/lib/power-bi/fake-report-server';
import { createReportServerClient, groupPrincipals, ReportServerError } from '../../../../src/lib/power-bi/report-server-client';
import { testConfig } from '../../../test-support/helper';

describe('the Power BI Report Server connector and its configuration', () => {
  test('should read every page of the catalog and the policies of the items that do not inherit theirs', async () => {
    const server = await startFakeReportServer();
    try {
      const client = createReportServerClient({ url: server.url, pageSize: 2 });
      const items = await client.catalogPolicies();
      assert.deepEqual(
        items.map((item) => item.path),
        ['/', '/Northwind', '/Contoso', '/Contoso/Projects'],
      );
      assert.equal(server.requests.filter((line) => line.includes('/CatalogItems?')).length, 4, 'pages of 2 over 7 items');
      assert.deepEqual(items[1]!.policies[0], { groupUserName: 'NW-Sales', roles: ['Browser'] });
      assert.deepEqual([...groupPrincipals(items).values()].sort(), ['CT-Finance', 'NW-Marketing', 'NW-Sales']);
    } finally {
      await server.close();
    }
  });

  test('should follow server-driven paging (@odata.nextLink)', async () => {
    const catalog = demoCatalog();
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url!);
      response.setHeader('content-type', 'application/json');
      if (request.url!.includes('/Policies'))
        return response.end(JSON.stringify({ InheritParentPolicy: false, Policies: [{ GroupUserName: 'G', Roles: [] }] }));
      if (request.url!.includes('skiptoken')) return response.end(JSON.stringify({ value: catalog.slice(4) }));
      return response.end(JSON.stringify({ value: catalog.slice(0, 4), '@odata.nextLink': 'CatalogItems?$skiptoken=4' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = createReportServerClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports` });
      assert.equal((await client.catalogPolicies()).length, catalog.length);
      assert.ok(requests.includes('/reports/api/v2.0/CatalogItems?$skiptoken=4'));
    } finally {
      server.close();
    }
  });

  test('should fail with a ReportServerError naming the status, not crash, on a refusal or a non-API answer', async () => {
    const server = await startFakeReportServer({ credentials: { user: 'a', password: 'b' } });
    try {
      await assert.rejects(
        createReportServerClient({ url: server.url }).catalogPolicies(),
        (error) => error instanceof ReportServerError && /HTTP 401/.test(error.message),
      );
      await assert.rejects(
        createReportServerClient({ url: `${server.url}/nowhere`, user: 'a', password: 'b' }).catalogPolicies(),
        (error) => error instanceof ReportServerError && /HTTP 404/.test(error.message),
      );
      assert.equal((await createReportServerClient({ url: server.url, user: 'a', password: 'b' }).catalogPolicies()).length, 4);
    } finally {
      await server.close();
    }
  });

  test('should read PBIRS_URL, PBIRS_USER and PBIRS_PASSWORD, and stop on a bad value naming it', async () => {
    // A session secret given: no development secret is written to disk.
    const ENV = { NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(32) };
    const config = await loadConfig({ ...ENV, PBIRS_URL: 'https://reports.example.com/reports/', PBIRS_USER: 'svc', PBIRS_PASSWORD: 'pw' });
    assert.equal(config.pbirsUrl, 'https://reports.example.com/reports');
    assert.equal(config.pbirsUser, 'svc');
    assert.equal((await loadConfig(ENV)).pbirsUrl, null);
    const cases: Array<[Record<string, string>, string]> = [
      [{ PBIRS_URL: 'reports.example.com' }, 'PBIRS_URL'],
      [{ PBIRS_URL: 'https://reports.example.com', PBIRS_USER: 'svc' }, 'PBIRS_PASSWORD'],
      [{ PBIRS_URL: 'https://reports.example.com', PBIRS_PASSWORD: 'pw' }, 'PBIRS_USER'],
    ];
    for (const [env, variable] of cases) {
      await assert.rejects(
        loadConfig({ ...ENV, ...env }),
        (error) => error instanceof ConfigError && error.variable === variable && error.message.includes(variable),
      );
    }
  });

  test('should start the stand-in report server in development only, never in production or tests', async () => {
    for (const [nodeEnv, expected] of [
      ['development', true],
      ['production', false],
      ['test', false],
    ] as const) {
      const app = Fastify({ logger: false });
      await app.register(configPlugin, { config: testConfig({ nodeEnv }) });
      await app.register(powerBi);
      await app.ready();
      try {
        assert.equal(app.reportServer !== null, expected, nodeEnv);
        // The stand-in answers the connector with the demo catalog.
        if (app.reportServer)
          assert.deepEqual([...groupPrincipals(await app.reportServer.catalogPolicies()).values()].sort(), [
            'CT-Finance',
            'NW-Marketing',
            'NW-Sales',
          ]);
      } finally {
        await app.close();
      }
    }
  });
});
