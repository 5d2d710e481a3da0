import { createInterface } from 'node:readline/promises';
import { usageError } from './exit-codes.js';

/**
 * Asks yes/no on the terminal (the question on stderr). Without a terminal to ask on, a script
 * must say --yes: a destructive command never goes ahead on an unanswered question.
 */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY)
    throw usageError(`${question} There is no terminal to answer on: add --yes.`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
