export {
  createClipboardWatcher,
  type ClipboardWatcher,
  type ClipboardWatcherDeps,
  type UndoOutcome,
} from './watcher.js';
export type {
  Awaitable,
  ClipboardNotification,
  ClipboardPort,
  Connectivity,
  KnownDomains,
  NotificationAction,
  Notifier,
  QueuedCreate,
  ShortenOptions,
  Shortener,
  ShortLinkRef,
} from './ports.js';
export {
  validateClipboardSettings,
  mergeDefaults,
  type ClipboardSettingsResult,
} from './settings.js';
export { compileRules, evaluateRules, type CompiledRules, type RuleDecision } from './rules.js';
export { compileMatcher, type UrlMatcher } from './rule-match.js';
export { detectUrl, DETECT_MAX_LENGTH, type DetectedUrl } from './detect.js';
export { compileRuleRegex, type RuleRegex } from './rule-regex.js';
export { ACTION_COPY, ACTION_DELETE, ACTION_UNDO, ACTION_UNDO_DELETE } from './messages.js';
