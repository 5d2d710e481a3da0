import type { Help, Option, Argument } from 'commander';
import { formatList, quoted } from '../shared/i18n/lists.js';
import { DEFAULT_LOCALE } from '../shared/i18n/locales.js';
import type { Translate } from '../shared/i18n/translate.js';

/*
 * commander's own words (usage errors, the help's headings, "(default: …)") in the person's
 * language. commander 14 writes them in English inside lib/command.js and lib/help.js; it offers
 * no message table, but every error goes through `outputError` (configureOutput) and every heading
 * through `Help.styleTitle`, and `optionDescription`/`argumentDescription` can be replaced
 * (configureHelp). The error text is matched against the exact English sentences of
 * node_modules/commander/lib/command.js 14.0.3 (unknownOption, unknownCommand, missingArgument,
 * optionMissingArgument, _excessArguments, _parseArg's invalid value with option.js/argument.js's
 * "Allowed choices are …", suggestSimilar.js's "(Did you mean …?)"); a sentence this does not know
 * (a newer commander) stays as commander wrote it. The thrown CommanderError keeps its English
 * message, which --json reports.
 */

/** A default as help.js shows it (JSON.stringify), a text one in the language's quotation marks. */
const defaultText = (value: unknown, say: Translate) =>
  typeof value === 'string' ? quoted(localeOf(say), value) : JSON.stringify(value);

/** The language of `say` (a translator from createTranslator says it; one written by hand is English). */
const localeOf = (say: Translate) => say.locale ?? DEFAULT_LOCALE;

/** Choices as the language offers them: each quoted, joined by its "or" ("a", "b" or "c"). */
const choiceList = (choices: readonly string[], say: Translate) =>
  formatList(localeOf(say), choices.map((c) => quoted(localeOf(say), c)), 'disjunction');

/**
 * commander's own list ("Allowed choices are a, b, c", "Did you mean one of --a, --b"), which it
 * joins with ", " (option.js, argument.js, suggestSimilar.js), as the language's "or" list.
 */
const commanderList = (joined: string, say: Translate) => choiceList(joined.split(', '), say);

/** One usage error of commander as a message of the `cli.commander` area, or null. */
export function commanderError(line: string, say: Translate): string | null {
  const [sentence = '', ...rest] = line.replace(/\n$/, '').split('\n');
  const main = errorSentence(sentence, say);
  if (main === null) return null;
  const extra = rest.map((l) => suggestion(l, say));
  if (extra.some((l) => l === null)) return null;
  return `${[main, ...extra].join('\n')}${line.endsWith('\n') ? '\n' : ''}`;
}

function errorSentence(text: string, say: Translate): string | null {
  let m: RegExpMatchArray | null;
  if ((m = text.match(/^error: unknown option '(.+)'$/))) return say('cli.commander.unknownOption', { flag: m[1] });
  if ((m = text.match(/^error: unknown command '(.+)'$/))) return say('cli.commander.unknownCommand', { name: m[1] });
  if ((m = text.match(/^error: missing required argument '(.+)'$/)))
    return say('cli.commander.missingArgument', { name: m[1] });
  if ((m = text.match(/^error: option '(.+)' argument missing$/)))
    return say('cli.commander.optionMissingArgument', { flags: m[1] });
  if ((m = text.match(/^error: too many arguments( for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/))) {
    const values = { expected: Number(m[3]), n: Number(m[4]) };
    return m[1]
      ? say('cli.commander.excessArgumentsFor', { ...values, name: m[2] })
      : say('cli.commander.excessArguments', values);
  }
  if ((m = text.match(/^error: option '(.+)' argument '(.*)' is invalid\. Allowed choices are (.+)\.$/)))
    return say('cli.commander.invalidOption', { flags: m[1], value: m[2], list: commanderList(m[3] ?? '', say) });
  if ((m = text.match(/^error: command-argument value '(.*)' is invalid for argument '(.+)'\. Allowed choices are (.+)\.$/)))
    return say('cli.commander.invalidArgument', { value: m[1], name: m[2], list: commanderList(m[3] ?? '', say) });
  return null;
}

function suggestion(text: string, say: Translate): string | null {
  let m: RegExpMatchArray | null;
  if ((m = text.match(/^\(Did you mean one of (.+)\?\)$/))) return say('cli.commander.didYouMeanOneOf', { list: commanderList(m[1] ?? '', say) });
  if ((m = text.match(/^\(Did you mean (.+)\?\)$/))) return say('cli.commander.didYouMean', { suggestion: m[1] });
  return null;
}

/** The help's headings, as Help.formatHelp passes them to styleTitle. */
export function helpTitle(title: string, say: Translate): string {
  switch (title) {
    case 'Usage:':
      return say('cli.help.usage');
    case 'Arguments:':
      return say('cli.help.arguments');
    case 'Options:':
      return say('cli.help.options');
    case 'Commands:':
      return say('cli.help.commands');
    case 'Global Options:':
      return say('cli.help.globalOptions');
    default:
      return title;
  }
}

/** help.js's optionDescription with its "(choices: …, default: …)" said in the language. */
export function optionDescription(option: Option, say: Translate): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(say('cli.help.choices', { list: choiceList(option.argChoices, say) }));
  // As commander: a default is shown for options that take a value (a boolean's is for programmers).
  const shows = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  if (option.defaultValue !== undefined && shows)
    extra.push(say('cli.help.default', { value: option.defaultValueDescription || defaultText(option.defaultValue, say) }));
  return withExtra(option.description, extra, say);
}

export function argumentDescription(argument: Argument, say: Translate): string {
  const extra: string[] = [];
  if (argument.argChoices) extra.push(say('cli.help.choices', { list: choiceList(argument.argChoices, say) }));
  if (argument.defaultValue !== undefined)
    extra.push(say('cli.help.default', { value: argument.defaultValueDescription || defaultText(argument.defaultValue, say) }));
  return withExtra(argument.description, extra, say);
}

/** "(choices: …, default: …)": the two said as the language lists them (CLDR's unit list: English without "and"). */
const withExtra = (description: string, extra: string[], say: Translate) =>
  extra.length ? `${description ? `${description} ` : ''}(${formatList(localeOf(say), extra, 'unit')})` : description;

/** The configureHelp settings that put the words above into every command's help. */
export function localHelp(say: Translate): Partial<Help> {
  return {
    styleTitle: (title: string) => helpTitle(title, say),
    optionDescription: (option: Option) => optionDescription(option, say),
    argumentDescription: (argument: Argument) => argumentDescription(argument, say),
  };
}
