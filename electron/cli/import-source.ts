import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { BULK_MAX_ROWS } from '../shared/bulk.js';
import { IMPORT_MAX_BYTES, tooLargeRef, type ImportFile } from '../shared/import-file.js';
import { isZip, readAnyImportFile, sheetList, type WorkbookFile } from '../shared/import-workbook.js';
import { englishText, msg, renderMessage, type MessageRef } from '../shared/message-ref.js';
import { CliError, EXIT, usageErrorT } from './exit-codes.js';
import { cliLocale, t } from './i18n.js';
import { readBytesUpTo } from './read-input.js';

/*
 * What `linkdeck import` reads: the file (or stdin) as bytes, within the importer's size limit,
 * handed to the app's own readers (shared/import-workbook.ts for .xlsx and .ods, through it
 * shared/import-file.ts for CSV, text and saved API answers): the same guards and the same
 * sentences as Bulk → Import. What the app asks with a sheet picker, a command asks with --sheet.
 */

export interface ImportSource {
  /** The file's name as the sentences give it ("stdin" for -). */
  name: string;
  file: Exclude<ImportFile | WorkbookFile, { error: string }>;
}

/**
 * A usage error worded from a message ref: the person's language on stderr (lists of sheet names
 * joined and quoted as their language does), English in --json.
 */
const usageErrorRef = (ref: MessageRef) => new CliError(EXIT.usage, renderMessage(ref, t, cliLocale()), englishText(ref));

const tooLargeStream = (name: string) =>
  usageErrorT('cli.importFile.tooLargeStream', { name, mb: Math.round((IMPORT_MAX_BYTES / 1024 / 1024) * 10) / 10, rows: BULK_MAX_ROWS });

/** The bytes of `path` (- for stdin); a file over the limit is refused before it is read. */
async function readBytes(path: string, name: string): Promise<Uint8Array> {
  const cannot = (error: unknown) =>
    usageErrorT('cli.importFile.cannotRead', { path, error: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
  if (path === '-') {
    const bytes = await readBytesUpTo(process.stdin, IMPORT_MAX_BYTES);
    if (!bytes) throw tooLargeStream(name);
    return bytes;
  }
  try {
    const info = await stat(path);
    if (info.isFile()) {
      if (info.size > IMPORT_MAX_BYTES) throw usageErrorRef(tooLargeRef(name, info.size));
      return new Uint8Array(await readFile(path));
    }
    if (info.isDirectory()) throw usageErrorT('cli.importFile.isFolder', { path });
    // A pipe (linkdeck import <(curl …)): read as it comes, up to the limit.
    const bytes = await readBytesUpTo(createReadStream(path), IMPORT_MAX_BYTES);
    if (!bytes) throw tooLargeStream(name);
    return bytes;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw cannot(error);
  }
}

/**
 * The import's table, or a usage error (exit 2) in the importer's words. A workbook of several
 * sheets needs --sheet: a script is never given the links of a sheet it did not name.
 */
export async function readImportSource(path: string, sheet: string | undefined): Promise<ImportSource> {
  const name = path === '-' ? 'stdin' : basename(path);
  const bytes = await readBytes(path, name);
  if (sheet !== undefined && !isZip(bytes))
    throw usageErrorT('cli.importFile.notWorkbook', { name });
  const file = await readAnyImportFile(name, bytes, sheet);
  // The reader's ref, said in the person's language; its English words when it has none.
  if ('error' in file) throw file.errorRef ? usageErrorRef(file.errorRef) : new CliError(EXIT.usage, file.error);
  if ('sheet' in file && sheet === undefined && file.sheet.names.length > 1) {
    const { names } = file.sheet;
    throw usageErrorRef(msg('cli.importFile.whichSheet', { name, n: names.length, sheets: sheetList(names), first: names[0] ?? '' }));
  }
  return { name, file };
}
