/**
 * The demo reports the development stand-in of the report server shows in the dashboards' frames:
 * small pages drawn from the demo companies' figures (a bar chart, a line chart and a table each),
 * in inline SVG and CSS, without script, sized to the frame and following the system's dark mode.
 */

interface Series {
  label: string;
  value: number;
}

interface DemoReport {
  title: string;
  subtitle: string;
  unit: string;
  bars: { title: string; series: Series[] };
  line: { title: string; series: Series[] };
  table: { title: string; columns: string[]; rows: Array<Array<string | number>> };
}

const MONTHS = ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];

const REPORTS: Record<string, DemoReport> = {
  '/Northwind/Sales': {
    title: 'Northwind sales overview',
    subtitle: 'Northwind Traders, last six months',
    unit: 'k€',
    bars: {
      title: 'Revenue by region (k€)',
      series: [
        { label: 'North', value: 412 },
        { label: 'South', value: 356 },
        { label: 'East', value: 298 },
        { label: 'West', value: 187 },
      ],
    },
    line: {
      title: 'Monthly revenue (k€)',
      series: [182, 195, 171, 214, 238, 253].map((value, index) => ({ label: MONTHS[index]!, value })),
    },
    table: {
      title: 'Top products',
      columns: ['Product', 'Orders', 'Revenue (k€)'],
      rows: [
        ['Chai', 1_240, 186],
        ['Chang', 980, 151],
        ['Aniseed Syrup', 760, 98],
        ['Ikura', 540, 87],
        ['Konbu', 410, 52],
      ],
    },
  },
  '/Northwind/Stock': {
    title: 'Northwind stock levels',
    subtitle: 'Northwind Traders, three warehouses',
    unit: 'units',
    bars: {
      title: 'Units in stock by warehouse',
      series: [
        { label: 'Lyon', value: 8_420 },
        { label: 'Lille', value: 5_310 },
        { label: 'Nantes', value: 3_960 },
      ],
    },
    line: { title: 'Days of cover', series: [34, 31, 29, 27, 24, 22].map((value, index) => ({ label: MONTHS[index]!, value })) },
    table: {
      title: 'Below reorder level',
      columns: ['Product', 'In stock', 'Reorder at'],
      rows: [
        ['Gorgonzola', 12, 40],
        ['Mascarpone', 18, 30],
        ['Tofu', 25, 35],
      ],
    },
  },
  '/Contoso/Finance': {
    title: 'Contoso finance cockpit',
    subtitle: 'Contoso Ltd, fiscal year to date',
    unit: 'k€',
    bars: {
      title: 'Expenses by department (k€)',
      series: [
        { label: 'R&D', value: 540 },
        { label: 'Sales', value: 420 },
        { label: 'Ops', value: 310 },
        { label: 'Admin', value: 150 },
      ],
    },
    line: {
      title: 'Cash position (k€)',
      series: [910, 875, 940, 1_010, 985, 1_060].map((value, index) => ({ label: MONTHS[index]!, value })),
    },
    table: {
      title: 'Quarterly results',
      columns: ['Quarter', 'Revenue (k€)', 'Margin'],
      rows: [
        ['Q1', 1_320, '18 %'],
        ['Q2', 1_410, '19 %'],
        ['Q3', 1_380, '17 %'],
      ],
    },
  },
  '/Contoso/Projects': {
    title: 'Contoso project portfolio',
    subtitle: 'Contoso Ltd, active projects',
    unit: 'projects',
    bars: {
      title: 'Projects by status',
      series: [
        { label: 'On track', value: 14 },
        { label: 'At risk', value: 5 },
        { label: 'Late', value: 3 },
      ],
    },
    line: { title: 'Budget consumed (%)', series: [22, 35, 47, 58, 66, 74].map((value, index) => ({ label: MONTHS[index]!, value })) },
    table: {
      title: 'Largest projects',
      columns: ['Project', 'Owner', 'Budget (k€)'],
      rows: [
        ['ERP migration', 'A. Martin', 820],
        ['Data platform', 'L. Chen', 610],
        ['New warehouse', 'S. Dubois', 450],
      ],
    },
  },
};

const escapeHtml = (text: string | number) => String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const WIDTH = 320;
const HEIGHT = 160;

function barChart({ title, series }: DemoReport['bars']): string {
  const max = Math.max(...series.map((entry) => entry.value));
  const slot = WIDTH / series.length;
  const bars = series
    .map((entry, index) => {
      const height = Math.round((entry.value / max) * (HEIGHT - 40));
      const x = Math.round(index * slot + slot * 0.2);
      const y = HEIGHT - 20 - height;
      return `<rect x="${x}" y="${y}" width="${Math.round(slot * 0.6)}" height="${height}" rx="3" class="bar"/>
<text x="${Math.round(x + slot * 0.3)}" y="${y - 4}" text-anchor="middle">${escapeHtml(entry.value.toLocaleString('en'))}</text>
<text x="${Math.round(x + slot * 0.3)}" y="${HEIGHT - 5}" text-anchor="middle">${escapeHtml(entry.label)}</text>`;
    })
    .join('\n');
  return figure(title, bars);
}

function lineChart({ title, series }: DemoReport['line']): string {
  const values = series.map((entry) => entry.value);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = (WIDTH - 40) / (series.length - 1);
  const points = series.map((entry, index) => [20 + index * step, 20 + ((max - entry.value) / span) * (HEIGHT - 50)] as const);
  const path = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const marks = points
    .map(
      ([x, y], index) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3" class="dot"/>
<text x="${x.toFixed(1)}" y="${HEIGHT - 5}" text-anchor="middle">${escapeHtml(series[index]!.label)}</text>`,
    )
    .join('\n');
  return figure(title, `<path d="${path}" class="line"/>\n${marks}`);
}

function figure(title: string, body: string): string {
  return `<figure><figcaption>${escapeHtml(title)}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(title)}">${body}</svg></figure>`;
}

function table({ title, columns, rows }: DemoReport['table']): string {
  const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td>${escapeHtml(typeof cell === 'number' ? cell.toLocaleString('en') : cell)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<section class="table"><h2>${escapeHtml(title)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a202c; --muted: #4a5568; --bg: #fff; --card: #f7fafc; --accent: #2b6cb0; --line: #e2e8f0; }
@media (prefers-color-scheme: dark) { :root { --fg: #edf2f7; --muted: #cbd5e0; --bg: #1a202c; --card: #2d3748; --accent: #63b3ed; --line: #4a5568; } }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, sans-serif; }
main { padding: 12px; display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
header { grid-column: 1 / -1; display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 4px 16px; }
h1 { font-size: 18px; margin: 0; } h2 { font-size: 14px; margin: 0 0 6px; }
header p { margin: 0; color: var(--muted); }
figure, section.table { margin: 0; padding: 10px; background: var(--card); border-radius: 8px; min-width: 0; }
figcaption { font-weight: 600; margin-bottom: 6px; }
svg { width: 100%; height: auto; display: block; }
svg text { font-size: 10px; fill: var(--muted); }
.bar { fill: var(--accent); } .line { fill: none; stroke: var(--accent); stroke-width: 2; } .dot { fill: var(--accent); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); }
td:not(:first-child), th:not(:first-child) { text-align: right; }
`;

/** The page of the report at `path` (a catalog path such as /Northwind/Sales); null when the demo has none. */
export function renderReport(path: string, refreshedAt?: string | null): string | null {
  const report = Object.entries(REPORTS).find(([key]) => key.toLowerCase() === path.toLowerCase())?.[1];
  if (!report) return null;
  const refreshed = refreshedAt ? `Data refreshed ${refreshedAt.slice(0, 16).replace('T', ' ')} UTC` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style></head>
<body><main>
<header><h1>${escapeHtml(report.title)}</h1><p>${escapeHtml(report.subtitle)}${refreshed ? ` · ${escapeHtml(refreshed)}` : ''}</p></header>
${barChart(report.bars)}
${lineChart(report.line)}
${table(report.table)}
</main></body></html>`;
}

export function notFoundPage(path: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Report not found</title><style>${STYLE}</style></head>
<body><main><header><h1>Report not found</h1><p>There is no report at ${escapeHtml(path)}.</p></header></main></body></html>`;
}
