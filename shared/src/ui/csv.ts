/** A cell of an exported list: text, a number, a boolean, or nothing. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or LF, quotes doubled. A text
 * that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading apostrophe first (OWASP "CSV injection"); numbers stay numbers.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header line, then a line per row, CRLF between lines (RFC 4180). */
export function toCsv(headers: string[], rows: CsvValue[][]): string {
  return [headers, ...rows].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a download (a BOM first, so that spreadsheets read UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
