import { createInterface } from 'node:readline/promises';
import { usageError } from './exit-codes.js';
import { t } from './i18n.js';

/**
 * Asks yes/no on the terminal (the question on stderr). Without a terminal to ask on, a script
 * must say --yes: a destructive command never goes ahead on an unanswered question.
 */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY)
    throw usageError(`${question} ${t('cli.confirm.noTerminal')}`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} ${t('cli.confirm.choices')} `);
    // English y/yes always works (muscle memory, scripts fed through `yes`), and the language's own.
    const words = ['y', 'yes', ...t('cli.confirm.yesWords').split('|')];
    return words.includes(answer.trim().toLowerCase());
  } finally {
    rl.close();
  }
}
