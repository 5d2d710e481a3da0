import type { ErrorCode } from '../../shared/errors.js';
import { msg, type MessageParam } from '../../shared/message-ref.js';
import { ApiClientError } from './errors.js';
import type { RateInfo } from './rate-info.js';

/**
 * Turning one HTTP answer into either a JSON body or an ApiClientError. Real deployments of the
 * API disagree about nearly everything here (see issue 3), so the rules are deliberately loose:
 * - `error` is 0, "0", false (or missing) for success; 1, "1", true, 429 or any other truthy
 *   value for failure, whatever the HTTP status (errors also arrive with HTTP 200);
 * - the HTTP status decides the code when it is an error status; with HTTP 200 the words of
 *   the message do;
 * - a body that is not JSON (an HTML page from a proxy, an empty answer) is never shown: only
 *   the status and a short, sanitised page title.
 */

export interface AnswerHead {
  status: number;
  statusText: string;
  headers: Headers;
}

export type BodyKind = 'json' | 'empty' | 'html' | 'text';

export function parseBody(
  text: string,
  contentType: string | null,
): { kind: BodyKind; body: unknown } {
  if (text.trim() === '') return { kind: 'empty', body: undefined };
  try {
    return { kind: 'json', body: JSON.parse(text) };
  } catch {
    const html = /^\s*</.test(text) || /html/i.test(contentType ?? '');
    return { kind: html ? 'html' : 'text', body: undefined };
  }
}

/** Whether a body's `error` field says the call failed (see the rules above). */
export function isFailureFlag(flag: unknown): boolean {
  if (flag === undefined || flag === null || flag === false || flag === 0) return false;
  if (typeof flag === 'string') return !/^\s*(0|false|)\s*$/i.test(flag);
  return true;
}

const isRateLimitFlag = (flag: unknown) =>
  flag === 429 || (typeof flag === 'string' && flag.trim() === '429');

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "404 Not Found": the status with its text, from the answer or the standard one. */
export function statusLabel(head: Pick<AnswerHead, 'status' | 'statusText'>): string {
  const text = head.statusText.trim() || STATUS_TEXT[head.status] || '';
  return text ? `${head.status} ${text}` : String(head.status);
}

/** Control characters out, whitespace squeezed, length bounded: text safe to show and log. */
export function cleanText(text: string, max: number): string {
  const flat = text
    .replace(/\p{C}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The server's message: a string, or (on some deployments) a list or map of messages. Older
 * deployments put their words in `msg` instead of `message`: read when `message` says nothing.
 */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  return messageText(record['message']) ?? messageText(record['msg']);
}

function messageText(raw: unknown): string | undefined {
  const parts =
    typeof raw === 'string'
      ? [raw]
      : Array.isArray(raw)
        ? raw.filter((m): m is string => typeof m === 'string')
        : typeof raw === 'object' && raw !== null
          ? Object.values(raw)
              .flat()
              .filter((m): m is string => typeof m === 'string')
          : [];
  const text = cleanText(parts.join('; '), 500);
  return text === '' ? undefined : text;
}

/** The title of an HTML page, as a short hint of who answered (a proxy, a login page…). */
function pageTitle(text: string): string {
  const head = text.slice(0, 20_000);
  const title =
    /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1] ??
    /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(head)?.[1] ??
    '';
  const clean = cleanText(
    title
      .replace(/<[^>]*>/g, ' ')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .replace(/[<>"'`]/g, ''),
    80,
  );
  return clean;
}

/** What came instead of JSON, for the `shape` select of the `errors.answer.*` messages. */
function shapeOf(kind: BodyKind, text: string): { shape: string; title: string } {
  const title = kind === 'html' ? pageTitle(text) : '';
  return { shape: kind === 'html' ? (title ? 'titled' : 'html') : kind === 'empty' ? 'empty' : 'text', title };
}

export function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate-limited';
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'invalid-input';
  if (status === 404 || status === 410) return 'not-found';
  return 'remote-error';
}

/**
 * With HTTP 200 only the words say what went wrong. Anything unrecognised is taken as a
 * rejection of what we sent, since that is what such answers nearly always are.
 */
export function codeForMessage(message: string): ErrorCode {
  if (
    /api key|apikey|unauthori[sz]ed|not authori[sz]ed|authenticat|forbidden|permission|access denied|invalid key|key is (invalid|missing|expired)/i.test(
      message,
    )
  )
    return 'unauthorized';
  if (/too many requests|rate.?limit/i.test(message)) return 'rate-limited';
  if (/not found|does not exist|doesn't exist|no such|could not find|couldn't find/i.test(message))
    return 'not-found';
  return 'invalid-input';
}

/** The advice after a failure, as the `advice` select of the `errors.answer.*` messages. */
const ADVICE: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'checkKey',
  'rate-limited': 'willWait',
  'remote-error': 'tryLater',
};

/**
 * Decides whether an answer succeeded. Returns its body, or throws the ApiClientError that
 * describes the failure. `what` names the call for messages ("listing links").
 */
export function interpretAnswer(
  head: AnswerHead,
  text: string,
  rateInfo: RateInfo | undefined,
  what: MessageParam,
): unknown {
  const { kind, body } = parseBody(text, head.headers.get('content-type'));
  const flag =
    kind === 'json' && typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)['error']
      : undefined;
  const ok2xx = head.status >= 200 && head.status < 300;
  const failed = !ok2xx || isFailureFlag(flag);
  const label = statusLabel(head);
  const init = { status: head.status, answerKind: kind, ...(rateInfo ? { rateInfo } : {}) };

  if (!failed) {
    if (kind === 'json') return body;
    if (kind === 'empty' && head.status === 204) return {};
    throw new ApiClientError(
      'remote-error',
      msg('errors.answer.notJson', { what, label, ...shapeOf(kind, text) }),
      init,
    );
  }

  const rateLimited = head.status === 429 || isRateLimitFlag(flag);
  if (rateLimited) {
    const retryAfterMs =
      rateInfo?.retryAfterMs ??
      (rateInfo?.resetAt !== undefined ? Math.max(0, rateInfo.resetAt - rateInfo.at) : undefined);
    // The service's own words when it gave some (shown as it wrote them), else ours.
    const message = serverMessage(body) ?? msg('errors.answer.tooManyRequests', { label });
    throw new ApiClientError('rate-limited', message, {
      ...init,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }

  if (head.status >= 300 && head.status < 400) {
    const location = head.headers.get('location');
    throw new ApiClientError(
      'remote-error',
      location
        ? msg('errors.answer.redirectedTo', { location: cleanText(location, 200), label })
        : msg('errors.answer.redirected', { label }),
      init,
    );
  }

  if (kind !== 'json') {
    // A page from a proxy or a web server, not an answer of the API: only auth and rate codes carry over.
    const code = head.status === 401 || head.status === 403 ? 'unauthorized' : 'remote-error';
    const advice = head.status === 404 ? 'noApi' : (ADVICE[code] ?? 'none');
    throw new ApiClientError(
      code,
      msg('errors.answer.failedWithPage', { what, label, advice, ...shapeOf(kind, text) }),
      init,
    );
  }

  const message = serverMessage(body);
  const code = ok2xx
    ? message
      ? codeForMessage(message)
      : 'remote-error'
    : codeForStatus(head.status);
  const fallback = ok2xx
    ? msg('errors.answer.unsaidError', { what })
    : msg('errors.answer.failedWithStatus', { what, label, advice: ADVICE[code] ?? 'none' });
  // The service's own words when it gave some: shown as it wrote them (no key to translate).
  throw new ApiClientError(code, message ?? fallback, init);
}
