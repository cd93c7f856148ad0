// CSV as RFC 4180 writes it, for spreadsheets: fields joined by commas, lines by CRLF; a field with a comma,
// a quote, a line break or a leading or trailing space is quoted, its quotes doubled. A text field that a
// spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading
// apostrophe (OWASP's advice against CSV injection): a host may type "=HYPERLINK(…)" as their company name.
// Numbers are written as they are. The file starts with a byte order mark, so Excel reads UTF-8 (é, ü).

export type CsvField = string | number | null | undefined;

/** One field as the file holds it. */
export function csvField(value: CsvField): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as a CSV file's text (with the byte order mark). */
export function toCsv(rows: readonly (readonly CsvField[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
