import { CLIPBOARD_RULE_MAX_LENGTH } from '../../shared/clipboard-rules.js';
import { msg, type MessageRef } from '../../shared/message-ref.js';
import { globMatch } from './glob.js';
import { compileRuleRegex } from './rule-regex.js';

/** The parts of a URL the rules look at, computed once per URL. */
export interface MatchSubject {
  /** `http:` or `https:`. */
  protocol: string;
  /** Lowercase, punycode, without a trailing dot. */
  hostname: string;
  /** hostname plus `:port` when the port is not the scheme's default. */
  host: string;
  /** The path, percent-decoded where it decodes. */
  path: string;
  /** The query without its `?`, percent-decoded where it decodes ('' when none). */
  query: string;
  /** The normalised URL. */
  href: string;
}

export function matchSubject(url: URL): MatchSubject {
  const hostname = url.hostname.replace(/\.$/, '');
  return {
    protocol: url.protocol,
    hostname,
    host: url.port ? `${hostname}:${url.port}` : hostname,
    path: safeDecode(url.pathname),
    query: safeDecode(url.search.slice(1)),
    href: url.href,
  };
}

export interface UrlMatcher {
  kind: 'domain' | 'pattern' | 'regex';
  test(subject: MatchSubject): boolean;
}

/**
 * A refusal is a message ref (issue 44) and nothing else: the settings form words it in the
 * person's language, and the settings issue built from it (keyedIssue) keeps its English for the
 * command line's `--json` output and logs. The person's input is an argument, quoted by each
 * language's message in its own quotation marks.
 */
export type MatcherResult = { ok: true; matcher: UrlMatcher } | { ok: false; ref: MessageRef };

/** Reads a rule's `match` (a domain, a pattern or a /regex/: see ClipboardRule). */
export function compileMatcher(match: string): MatcherResult {
  if (typeof match !== 'string' || match.trim() === '') {
    return fail(msg('validation.clipboard.ruleEmpty'));
  }
  const text = match.trim();
  if (text.length > CLIPBOARD_RULE_MAX_LENGTH) {
    return fail(msg('validation.clipboard.ruleTooLong', { n: text.length, max: CLIPBOARD_RULE_MAX_LENGTH }));
  }
  if (text.startsWith('/')) {
    const compiled = compileRuleRegex(text);
    if (!compiled.ok) return fail(compiled.ref);
    const { regex } = compiled;
    return { ok: true, matcher: { kind: 'regex', test: (s) => regex.test(s.href) } };
  }
  if (/\s/.test(text)) return fail(msg('validation.clipboard.ruleSpaces'));
  return /[*/:]/.test(text) ? compilePattern(text) : compileDomain(text);
}

function compileDomain(text: string): MatcherResult {
  if (/[@?#\\[\]]/.test(text)) {
    return fail(msg('validation.clipboard.domainAlone'));
  }
  const domain = asciiHost(text.replace(/\.$/, ''));
  if (domain === null) return fail(msg('validation.clipboard.notADomain', { text }));
  // An IP address has no subdomains: it matches only itself.
  const exact = /^\d+(\.\d+){3}$/.test(domain);
  const suffix = `.${domain}`;
  return {
    ok: true,
    matcher: {
      kind: 'domain',
      test: (s) => s.hostname === domain || (!exact && s.hostname.endsWith(suffix)),
    },
  };
}

function compilePattern(text: string): MatcherResult {
  let rest = text;
  let protocol: string | null = null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase();
    if (name !== 'http' && name !== 'https')
      return fail(msg('validation.clipboard.patternScheme'));
    protocol = `${name}:`;
    rest = rest.slice(scheme[0].length);
  }
  if (rest.includes('#')) return fail(msg('validation.clipboard.patternFragment'));
  const slash = rest.indexOf('/');
  const hostPart = (slash < 0 ? rest : rest.slice(0, slash)).toLowerCase();
  const pathPart = slash < 0 ? null : rest.slice(slash);
  if (hostPart === '') return fail(msg('validation.clipboard.patternNoHost'));
  if (/[@\\[\]?]/.test(hostPart)) return fail(msg('validation.clipboard.patternBadHost', { host: hostPart }));
  const colon = hostPart.indexOf(':');
  const namePart = colon < 0 ? hostPart : hostPart.slice(0, colon);
  const portPart = colon < 0 ? null : hostPart.slice(colon + 1);
  if (portPart !== null && !/^(\d{1,5}|\*)$/.test(portPart))
    return fail(msg('validation.clipboard.patternPort'));
  const labels: string[] = [];
  for (const label of namePart.split('.')) {
    if (label.includes('*')) {
      if (!/^[a-z0-9_*-]+$/.test(label))
        return fail(msg('validation.clipboard.patternWildcard', { label }));
      labels.push(label);
    } else {
      const ascii = asciiHost(label);
      if (ascii === null || ascii.includes('.'))
        return fail(msg('validation.clipboard.patternBadHost', { host: namePart }));
      labels.push(ascii);
    }
  }
  const hostGlob = portPart === null ? labels.join('.') : `${labels.join('.')}:${portPart}`;
  const withPort = portPart !== null;
  const withQuery = pathPart !== null && pathPart.includes('?');
  return {
    ok: true,
    matcher: {
      kind: 'pattern',
      test: (s) =>
        (protocol === null || s.protocol === protocol) &&
        globMatch(hostGlob, withPort ? s.host : s.hostname) &&
        (pathPart === null || globMatch(pathPart, withQuery ? `${s.path}?${s.query}` : s.path)),
    },
  };
}

/** The host in the form URLs carry it (lowercase, punycode), or null when it is not a host name. */
function asciiHost(text: string): string | null {
  if (text === '' || /[\s/:@?#\\[\]%]/.test(text)) return null;
  try {
    const url = new URL(`http://${text}/`);
    const host = url.hostname;
    if (url.port !== '' || url.username !== '' || url.pathname !== '/') return null;
    if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host)) return null;
    return host;
  } catch {
    return null;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function fail(ref: MessageRef): MatcherResult {
  return { ok: false, ref };
}
