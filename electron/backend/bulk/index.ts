export { createBulkRunner, type BulkRunner, type BulkRunnerOptions } from './bulk-runner.js';
export { resultCsv, RESULT_COLUMNS } from './result-csv.js';
