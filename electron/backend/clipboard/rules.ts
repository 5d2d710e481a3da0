import type {
  ClipboardRule,
  ClipboardRuleDefaults,
  ClipboardSettings,
} from '../../shared/clipboard-rules.js';
import { englishText } from '../../shared/message-ref.js';
import { compileMatcher, matchSubject, type UrlMatcher } from './rule-match.js';
import { mergeDefaults } from './settings.js';

interface CompiledRule {
  rule: ClipboardRule;
  matcher: UrlMatcher;
}

/** Rules ready to test URLs against (compiled once per settings change, not per URL). */
export interface CompiledRules {
  readonly allow: readonly CompiledRule[];
  readonly deny: readonly CompiledRule[];
  readonly defaults: ClipboardRuleDefaults;
}

export type RuleDecision =
  | { shorten: true; rule: ClipboardRule | null; defaults: ClipboardRuleDefaults }
  | { shorten: false; rule: ClipboardRule | null; reason: string };

/** Compiles validated settings' rules (see validateClipboardSettings); disabled rules are left out. */
export function compileRules(
  settings: Pick<ClipboardSettings, 'rules' | 'defaults'>,
): CompiledRules {
  const allow: CompiledRule[] = [];
  const deny: CompiledRule[] = [];
  for (const rule of settings.rules) {
    if (rule.enabled === false) continue;
    const compiled = compileMatcher(rule.match);
    if (!compiled.ok)
      // A programming error, for the developer's log: English is enough.
      throw new TypeError(`clipboard rule "${rule.match}" was not validated: ${englishText(compiled.ref)}`);
    (rule.action === 'deny' ? deny : allow).push({ rule, matcher: compiled.matcher });
  }
  return { allow, deny, defaults: settings.defaults };
}

/**
 * Whether a URL may be shortened, and with which defaults: any matching deny rule refuses it;
 * then, when there are allow rules, the first one matching gives its defaults over the
 * settings' defaults, and a URL no allow rule matches is left alone.
 */
export function evaluateRules(rules: CompiledRules, url: URL): RuleDecision {
  const subject = matchSubject(url);
  for (const { rule, matcher } of rules.deny) {
    if (matcher.test(subject))
      return { shorten: false, rule, reason: `denied by the rule "${rule.match}"` };
  }
  if (rules.allow.length === 0) return { shorten: true, rule: null, defaults: rules.defaults };
  for (const { rule, matcher } of rules.allow) {
    if (matcher.test(subject))
      return { shorten: true, rule, defaults: mergeDefaults(rules.defaults, rule.defaults) };
  }
  return { shorten: false, rule: null, reason: 'no allow rule matches it' };
}
