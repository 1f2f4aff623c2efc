import { embedUrl, readReportingHost } from './embed-url';

describe('embedUrl', () => {
  const config = { reportingHost: 'reports.northwind.test', idToken: 'eyJ.id.token' };

  it('should rewrite a report on the reporting host to its entrance redirect with the embed flag and the id token', () => {
    const rewritten = new URL(embedUrl('https://reports.northwind.test/reports/powerbi/Sales?rs:embed=true', config));
    expect(rewritten.origin).toBe('https://reports.northwind.test');
    expect(rewritten.pathname).toBe('/entrance');
    expect(rewritten.searchParams.get('redirect')).toBe('/reports/powerbi/Sales?rs:embed=true');
    expect(rewritten.searchParams.get('embed')).toBe('true');
    expect(rewritten.searchParams.get('id_token')).toBe('eyJ.id.token');
  });

  it('should accept the reporting host given as an origin, in any case', () => {
    const rewritten = embedUrl('https://Reports.Northwind.test/r/1', { ...config, reportingHost: 'https://REPORTS.northwind.test/' });
    expect(new URL(rewritten).pathname).toBe('/entrance');
  });

  it('should embed other hosts, and everything when no host or no token is known, as they are', () => {
    expect(embedUrl('https://app.powerbi.com/view?r=abc', config)).toBe('https://app.powerbi.com/view?r=abc');
    expect(embedUrl('https://reports.northwind.test.evil.test/r', config)).toBe('https://reports.northwind.test.evil.test/r');
    expect(embedUrl('https://reports.northwind.test/r/1', { ...config, reportingHost: null })).toBe('https://reports.northwind.test/r/1');
    expect(embedUrl('https://reports.northwind.test/r/1', { ...config, idToken: null })).toBe('https://reports.northwind.test/r/1');
    expect(embedUrl('not a url', config)).toBe('not a url');
  });
});

describe('readReportingHost', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('should read the host from the page meta tag, or none', () => {
    expect(readReportingHost()).toBeNull();
    document.head.innerHTML = '<meta name="hub-reporting-host" content="reports.northwind.test">';
    expect(readReportingHost()).toBe('reports.northwind.test');
  });
});
