/**
 * Clipboard-watch shortening on a local workspace without a public address would replace a good
 * long URL on the clipboard with a link that opens only on this computer. So it asks once, per
 * profile, before it replaces anything; the answer is kept in the profile's directory
 * (clipboard-local.json) and asked again only if the file goes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Translate } from '../../shared/i18n/translate.js';
import { shortLinksLoopbackOnly } from '../../shared/local-reach.js';
import type { Profile } from '../../shared/profile-validation.js';
import { writeFileAtomic } from '../atomic-file.js';
import type { ClipboardNotification, KnownDomains, Notifier } from './ports.js';

export const LOCAL_CONSENT_FILE = 'clipboard-local.json';
export const ACTION_LOCAL_REPLACE = 'local-replace';
export const ACTION_LOCAL_KEEP = 'local-keep';

export type LocalAnswer = 'replace' | 'keep';

export interface LocalConsentDeps {
  current(): Profile | null;
  dataDirFor(id: string): string;
  notifier: Notifier | null;
  /** The question is open or answered: republish the clipboard state. */
  onChange(): void;
  log(message: string): void;
  /** The translator of the person's language now (clipboard-app.ts). */
  translate(): Translate;
}

export interface LocalConsent {
  /** 'go' when nothing needs asking (shareable links, or the answer was replace). */
  decide(): 'go' | 'ask' | 'keep';
  /** Whether the current profile's question is waiting for an answer. */
  asking(): boolean;
  /** Shows the question once (a notification; the renderer offers the same choice). */
  ask(): void;
  answer(replace: boolean): Promise<void>;
  /** Reads the current profile's answer (on a profile change). */
  load(): Promise<void>;
  /** The watch's known domains, with every URL left alone while the answer is not replace. */
  gate(inner: KnownDomains): KnownDomains;
}

export function createLocalConsent(deps: LocalConsentDeps): LocalConsent {
  const answers = new Map<string, LocalAnswer | null>();
  let askingId: string | null = null;

  const fileFor = (id: string) => join(deps.dataDirFor(id), LOCAL_CONSENT_FILE);
  const question = (t = deps.translate()): ClipboardNotification => ({
    kind: 'local-question',
    title: t('desktop.clipboard.localQuestionTitle'),
    body: t('desktop.clipboard.localQuestionBody'),
    actions: [
      { id: ACTION_LOCAL_REPLACE, label: t('desktop.clipboard.localReplace') },
      { id: ACTION_LOCAL_KEEP, label: t('desktop.clipboard.localKeep') },
    ],
    view: '/links',
  });

  const consent: LocalConsent = {
    decide() {
      const profile = deps.current();
      if (!profile || !shortLinksLoopbackOnly(profile)) return 'go';
      const answer = answers.get(profile.id);
      return answer === 'replace' ? 'go' : answer === 'keep' ? 'keep' : 'ask';
    },
    asking: () => askingId !== null && askingId === deps.current()?.id,
    ask() {
      const profile = deps.current();
      if (!profile || askingId === profile.id) return;
      askingId = profile.id;
      deps.onChange();
      if (!deps.notifier) return;
      deps.notifier.notify(question()).then(
        (choice) => {
          if (choice === ACTION_LOCAL_REPLACE || choice === ACTION_LOCAL_KEEP) void consent.answer(choice === ACTION_LOCAL_REPLACE);
        },
        (error: unknown) => deps.log(`[clipboard] the local-links question could not be shown: ${(error as Error).message}`),
      );
    },
    async answer(replace) {
      const profile = deps.current();
      if (!profile) return;
      const answer: LocalAnswer = replace ? 'replace' : 'keep';
      answers.set(profile.id, answer);
      if (askingId === profile.id) askingId = null;
      deps.onChange();
      await writeFileAtomic(fileFor(profile.id), `${JSON.stringify({ version: 1, answer })}\n`);
    },
    async load() {
      const profile = deps.current();
      if (!profile || answers.has(profile.id)) return;
      let answer: LocalAnswer | null = null;
      try {
        const parsed = JSON.parse(await readFile(fileFor(profile.id), 'utf8')) as { answer?: unknown };
        if (parsed.answer === 'replace' || parsed.answer === 'keep') answer = parsed.answer;
      } catch {
        // No file yet (or an unreadable one): the question is asked again.
      }
      if (!answers.has(profile.id)) answers.set(profile.id, answer);
    },
    gate: (inner) => ({
      // The watch leaves alone what it takes for a short link of the profile: while the answer
      // is not "replace", every copied URL is left alone, and the first one asks the question.
      isShortUrl(text) {
        const decision = consent.decide();
        if (decision === 'go') return inner.isShortUrl(text);
        if (decision === 'ask') consent.ask();
        return true;
      },
    }),
  };
  return consent;
}
