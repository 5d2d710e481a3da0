import type { z } from 'zod';
import { msg, nameList, type MessageRef } from '../shared/message-ref.js';
import { DATE_TIME_PATTERN, ID_PATTERN } from '../shared/schemas.js';

/**
 * The router's refusal of a malformed request in words for a person (issue 44). Built from zod's
 * issue codes and their numbers (`minimum`, `maximum`, `expected`, `values`, …), never from the
 * schema's English text, so every kind of problem has one `errors.request.*` sentence in each
 * language. The English text stays in `message` for logs and `--json`.
 */

/** Refinements in schemas.ts name their problem in `params.problem` (a custom issue has no code of its own). */
export type RequestProblem = 'notId' | 'duplicate' | 'rangeOrder' | 'onePerRow' | 'tooMany';

/** Patterns whose meaning has its own sentence (zod reports a pattern as its `toString()`); any other is "not in the expected form". */
const DATE_TIME_SOURCE = String(DATE_TIME_PATTERN);
const ID_SOURCE = String(ID_PATTERN);

/** The field the issue is about, or the request as a whole. */
const fieldRef = (path: readonly PropertyKey[]): MessageRef =>
  path.length ? msg('errors.request.field', { path: path.map(String).join('.') }) : msg('errors.request.whole');

const EXPECTED = new Set(['string', 'number', 'int', 'boolean', 'array', 'object']);

/** One issue as a sentence. `input` is read only to tell a missing value from a wrong one. */
export function issueRef(issue: z.core.$ZodIssue & { input?: unknown }): MessageRef {
  const field = fieldRef(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return msg('errors.request.fieldRequired', { field });
      return msg('errors.request.wrongType', { field, expected: EXPECTED.has(issue.expected) ? issue.expected : 'other' });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? msg('errors.request.fieldRequired', { field }) : msg('errors.request.tooShort', { field, min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return msg('errors.request.tooFewItems', { field, min: Number(issue.minimum) });
      return msg('errors.request.tooSmall', { field, min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return msg('errors.request.tooLong', { field, max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return msg('errors.request.tooManyItems', { field, max: Number(issue.maximum) });
      return msg('errors.request.tooLarge', { field, max: Number(issue.maximum) });
    case 'invalid_value':
      return msg('errors.request.notOneOf', { field, values: nameList(issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), { quote: true, or: true }) });
    case 'invalid_format':
      if (issue.format === 'url') return msg('errors.request.notUrl', { field });
      if (issue.format === 'regex' && issue.pattern === DATE_TIME_SOURCE) return msg('errors.request.notDateTime', { field });
      if (issue.format === 'regex' && issue.pattern === ID_SOURCE) return msg('errors.request.notId', { field });
      return msg('errors.request.badFormat', { field });
    case 'unrecognized_keys':
      return msg('errors.request.unknownFields', { field, n: issue.keys.length, keys: nameList(issue.keys, { quote: true }) });
    case 'custom':
      return customRef(issue.params?.['problem'] as RequestProblem | undefined, issue.params, field);
    default:
      // invalid_union, invalid_key, invalid_element, not_multiple_of: the value has no accepted form.
      return msg('errors.request.notAccepted', { field });
  }
}

function customRef(problem: RequestProblem | undefined, params: Record<string, unknown> | undefined, field: MessageRef): MessageRef {
  switch (problem) {
    case 'notId': return msg('errors.request.notId', { field });
    case 'duplicate': return msg('errors.request.duplicate', { field });
    case 'rangeOrder': return msg('errors.request.rangeOrder');
    case 'onePerRow': return msg('errors.request.onePerRow', { field });
    case 'tooMany': return msg('errors.request.tooManyItems', { field, max: Number(params?.['max']) });
    default: return msg('errors.request.notAccepted', { field });
  }
}

/** The whole refusal: the first problem, and how many more there are. */
export function refusalRef(issues: readonly (z.core.$ZodIssue & { input?: unknown })[]): MessageRef {
  const first = issueRef(issues[0]!);
  return issues.length > 1 ? msg('errors.request.several', { first, more: issues.length - 1 }) : first;
}
