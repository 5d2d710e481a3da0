export { CSV_BOM, CSV_EOL, csvCell, csvLine, csvLines, formulaSafe, type CsvValue } from '../../shared/csv.js';
export { exportFileName } from './file-names.js';
export { matchingIds, readRecords, type ExportedLink } from './link-records.js';
export { exportLinks, LINK_CSV_COLUMNS, type ExportOptions } from './links-export.js';
export { exportStats } from './stats-export.js';
