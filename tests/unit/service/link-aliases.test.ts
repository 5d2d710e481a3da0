import { describe, expect, it } from 'vitest';
import {
  ALIAS_ALPHABET,
  RANDOM_ALIAS_LENGTH,
  checkCustomAlias,
  freeRandomAlias,
  randomAlias,
} from '../../../electron/service/links/aliases.js';
import { ApiError } from '../../../electron/service/errors.js';

/** A "random" source that replays indexes into the alphabet, for deterministic collisions. */
function scripted(indexes: number[]) {
  let i = 0;
  return () => indexes[i++ % indexes.length] as number;
}

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('random aliases', () => {
  it('use no ambiguous characters', () => {
    for (const c of '0O1lI') expect(ALIAS_ALPHABET).not.toContain(c);
    expect(new Set(ALIAS_ALPHABET).size).toBe(ALIAS_ALPHABET.length);
    expect(ALIAS_ALPHABET).toMatch(/^[A-Za-z2-9]+$/);
  });

  it('draw only from the alphabet, at the default length', () => {
    for (let i = 0; i < 200; i++) {
      const alias = randomAlias();
      expect(alias).toHaveLength(RANDOM_ALIAS_LENGTH);
      for (const c of alias) expect(ALIAS_ALPHABET).toContain(c);
    }
  });

  it('retry on a collision and return the first free alias', () => {
    const tried: string[] = [];
    const alias = freeRandomAlias((a) => {
      tried.push(a);
      return tried.length < 3;
    });
    expect(tried).toHaveLength(3);
    expect(alias).toBe(tried[2]);
  });

  it('lengthen the alias after repeated collisions at one length', () => {
    const lengths: number[] = [];
    const alias = freeRandomAlias((a) => {
      lengths.push(a.length);
      return a.length < RANDOM_ALIAS_LENGTH + 2;
    });
    expect(alias).toHaveLength(RANDOM_ALIAS_LENGTH + 2);
    expect(lengths).toEqual([6, 6, 6, 6, 7, 7, 7, 7, 8]);
  });

  it('never hand out a reserved word', () => {
    // The source first spells "static" (six letters, all in the alphabet), then "bbbbbb".
    const pick = scripted([...'staticbbbbbb'].map((c) => ALIAS_ALPHABET.indexOf(c)));
    const offered: string[] = [];
    const alias = freeRandomAlias((a) => {
      offered.push(a);
      return false;
    }, pick);
    expect(alias).toBe('bbbbbb');
    expect(offered).toEqual(['bbbbbb']);
  });

  it('give up loudly when the random source never yields a free alias', () => {
    expect(() => freeRandomAlias(() => true)).toThrow(/No free random alias/);
  });
});

describe('custom aliases', () => {
  it('accept letters, digits, "-" and "_" within 3..64 characters', () => {
    for (const alias of ['abc', 'My-Link_2026', 'x'.repeat(64), '___'])
      expect(checkCustomAlias(alias)).toBe(alias);
  });

  it('refuse other characters with a 400 naming the allowed ones', () => {
    for (const alias of ['has space', 'slash/y', 'dot.ted', 'ünï', '<script>', "o'neil"]) {
      const error = errorOf(() => checkCustomAlias(alias));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/only letters .* digits, "-" and "_"/);
    }
  });

  it('refuse too short and too long aliases, saying the bounds', () => {
    expect(errorOf(() => checkCustomAlias('ab')).message).toMatch(/3 to 64 characters.*has 2/);
    expect(errorOf(() => checkCustomAlias('a'.repeat(65))).message).toMatch(
      /3 to 64 characters.*has 65/,
    );
  });

  it('refuse words the service uses for its own paths, in any case', () => {
    for (const alias of ['api', 'API', 'admin', 'Static', 'assets', 'health']) {
      const error = errorOf(() => checkCustomAlias(alias));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/reserved/);
    }
  });
});
