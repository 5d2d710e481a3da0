/**
 * `npm run lint:workflows`: every GitHub Actions workflow (.github/workflows/*.yml) and local
 * action (.github/actions/**\/action.yml) checked against GitHub's schemas by action-validator
 * (@action-validator/core: WebAssembly from npm, nothing to download or compile). Fails on any
 * error, and when there is no workflow at all (a CI that silently vanished is a failure too).
 *
 * Its CLI takes one file per run; the module API checks them all in one process.
 *
 *   tsx tests/tools/lint-workflows.ts [files…]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validateAction, validateWorkflow, type ValidationError } from '@action-validator/core';

const root = resolve(import.meta.dirname, '../..');
const isYaml = (name: string): boolean => /\.ya?ml$/.test(name);

function workflowFiles(): string[] {
  const workflows = join(root, '.github/workflows');
  const actions = join(root, '.github/actions');
  return [
    ...(existsSync(workflows)
      ? readdirSync(workflows)
          .filter(isYaml)
          .map((n) => join(workflows, n))
      : []),
    ...(existsSync(actions)
      ? readdirSync(actions, { recursive: true })
          .map(String)
          .filter((n) => /(^|[\\/])action\.ya?ml$/.test(n))
          .map((n) => join(actions, n))
      : []),
  ].sort();
}

/** One readable line for an error: where in the file, what is wrong, and the detail if any. */
function describe(error: ValidationError): string {
  const where =
    'path' in error
      ? error.path || '/'
      : error.location
        ? `line ${error.location.line}, column ${error.location.column}`
        : '';
  const detail = error.detail ? `: ${error.detail}` : '';
  return `${where ? `${where} — ` : ''}${error.title} (${error.code})${detail}`;
}

const depth = (errors: ValidationError[]): number =>
  Math.max(0, ...errors.map((e) => ('path' in e ? e.path.split('/').length : 0)));

/**
 * An error's lines. A `one_of` error (a job that is neither a job with steps nor a call of a
 * reusable workflow, say) only says no alternative matched: the alternative with the fewest and
 * deepest errors (not merely of another type) is shown under it, almost always the one meant.
 */
function report(error: ValidationError, indent: string): string[] {
  const lines = [`${indent}${describe(error)}`];
  const states = 'states' in error ? (error.states ?? []) : [];
  // An alternative of another type altogether (a string where an object was written) is the
  // least likely to be the one meant.
  const typeOnly = (errors: ValidationError[]): number =>
    errors.every((e) => e.code === 'wrong_type') ? 1 : 0;
  const closest = [...states].sort(
    (a, b) =>
      typeOnly(a.errors) - typeOnly(b.errors) ||
      a.errors.length - b.errors.length ||
      depth(b.errors) - depth(a.errors),
  )[0];
  if (closest && closest.errors.length) {
    lines.push(`${indent}  in the closest alternative:`);
    for (const inner of closest.errors) lines.push(...report(inner, `${indent}    `));
  }
  return lines;
}

const files =
  process.argv.length > 2 ? process.argv.slice(2).map((f) => resolve(f)) : workflowFiles();
if (files.length === 0) {
  console.error('No workflow found in .github/workflows: nothing runs the tests on GitHub.');
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  const name = relative(root, file).replace(/\\/g, '/');
  const source = readFileSync(file, 'utf8');
  const isAction = /(^|[\\/])action\.ya?ml$/.test(file);
  const { errors } = isAction ? validateAction(source) : validateWorkflow(source);
  if (errors.length === 0) {
    console.log(`ok     ${name}`);
    continue;
  }
  failed += 1;
  console.log(`FAIL   ${name}`);
  for (const error of errors) console.log(report(error, '       ').join('\n'));
}
console.log(
  failed === 0
    ? `Workflows valid: ${files.length} file(s).`
    : `Workflows invalid: ${failed} of ${files.length} file(s) above.`,
);
process.exit(failed === 0 ? 0 : 1);
