/**
 * A strict RFC 4180 reader for tests: quoted fields with doubled quotes and line breaks, CRLF or
 * LF between records, a leading BOM dropped. Throws on a malformed quote so a broken export
 * fails its test instead of parsing into something close.
 */
export function readCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < input.length) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = input[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') throw new Error(`Text after a closing quote at ${i}`);
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (fieldStarted) throw new Error(`A quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) throw new Error('An unclosed quote at the end');
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Undoes the export's formula guard: the apostrophe put before = + - @ tab or CR. */
export const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
