import type { Work } from '../database/work.js';
import { randomInt } from 'node:crypto';
import { badRequest } from '../errors.js';

/**
 * Characters of random aliases: letters and digits without the ones people confuse when they
 * read a link aloud or copy it from print (0/O, 1/l/I).
 */
export const ALIAS_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 57^6 ≈ 34 billion random aliases before the generator needs a seventh character. */
export const RANDOM_ALIAS_LENGTH = 6;
const MAX_RANDOM_ALIAS_LENGTH = 16;
/** Tries per length before the alias grows: a few collisions in a row mean the space is filling. */
const TRIES_PER_LENGTH = 4;

export const CUSTOM_ALIAS_MIN = 3;
export const CUSTOM_ALIAS_MAX = 64;
const CUSTOM_ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * First path segments the service itself answers (the API, the campaign rotator /r/ and list
 * pages /c/, and paths browsers and crawlers ask for): a short link there would be shadowed or
 * would shadow them. Compared case-insensitively.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  'api',
  'r',
  'c',
  'admin',
  'static',
  'assets',
  'favicon.ico',
  'robots.txt',
  'health',
  // Probes and metrics (health.ts).
  'healthz',
  'readyz',
  'metrics',
]);

export const isReservedAlias = (alias: string) => RESERVED_ALIASES.has(alias.toLowerCase());

/** A random alias of `length` characters of ALIAS_ALPHABET (crypto-strong, so aliases are not guessable in sequence). */
export function randomAlias(
  length = RANDOM_ALIAS_LENGTH,
  pick: (max: number) => number = randomInt,
): string {
  let alias = '';
  for (let i = 0; i < length; i++) alias += ALIAS_ALPHABET[pick(ALIAS_ALPHABET.length)];
  return alias;
}

/**
 * A random alias for which `isTaken` answers false. Retries on a collision and lengthens the
 * alias by one after TRIES_PER_LENGTH collisions in a row, so a crowded space slows nothing down.
 * The final INSERT still relies on UNIQUE(domain_id, alias) for a race with another writer.
 */
export function freeRandomAlias(
  isTaken: (alias: string) => boolean,
  pick: (max: number) => number = randomInt,
): string {
  // eslint-disable-next-line require-yield
  const step = freeRandomAliasWork(function* (alias) {
    return isTaken(alias);
  }, pick).next();
  if (!step.done) throw new Error('A synchronous alias check yielded a query.');
  return step.value;
}

/** The same, where the check is database work (work.ts). */
export function* freeRandomAliasWork(
  isTaken: (alias: string) => Work<boolean>,
  pick: (max: number) => number = randomInt,
): Work<string> {
  for (let length = RANDOM_ALIAS_LENGTH; length <= MAX_RANDOM_ALIAS_LENGTH; length++) {
    for (let attempt = 0; attempt < TRIES_PER_LENGTH; attempt++) {
      const alias = randomAlias(length, pick);
      if (!isReservedAlias(alias) && !(yield* isTaken(alias))) return alias;
    }
  }
  throw new Error('No free random alias found: the random source looks broken.');
}

/** Checks a custom alias's characters, length and reserved words; the message names the rule broken. */
export function checkCustomAlias(alias: string): string {
  if (alias.length < CUSTOM_ALIAS_MIN || alias.length > CUSTOM_ALIAS_MAX) {
    throw badRequest(
      `The custom alias must be ${CUSTOM_ALIAS_MIN} to ${CUSTOM_ALIAS_MAX} characters long; "${alias.length > 80 ? `${alias.slice(0, 80)}…` : alias}" has ${alias.length}.`,
    );
  }
  if (!CUSTOM_ALIAS_PATTERN.test(alias)) {
    throw badRequest('The custom alias may contain only letters A-Z and a-z, digits, "-" and "_".');
  }
  if (isReservedAlias(alias)) {
    throw badRequest(`The custom alias "${alias}" is reserved by the service. Choose another one.`);
  }
  return alias;
}
