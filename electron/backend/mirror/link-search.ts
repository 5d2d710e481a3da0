/*
 * Turning what a person types into a full-text query. FTS5 has its own syntax (quotes, `*`,
 * `^`, AND/OR/NOT/NEAR, column filters with `:`), and people paste URLs full of `:`, `/`, `-`,
 * `?` and `&`: nothing typed may reach FTS5 as syntax. Every word becomes a quoted phrase with a
 * prefix star, so "exa" finds "example", and a pasted "example.com/spr" finds
 * https://example.com/spring (the phrase "example com spr*"). Words are ANDed.
 */

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 200;

/**
 * The words of a search box's text as FTS5 receives them (each one a prefix phrase, all ANDed),
 * empty when there is nothing to search. The in-memory word index (link-words.ts) reads the same.
 */
export function searchTerms(input: string): string[] {
  return (
    input
      .normalize('NFC')
      .split(/\s+/)
      // A term without a letter or digit has no token to match ("-", "//", "…").
      .filter((term) => /[\p{L}\p{N}]/u.test(term))
      .slice(0, MAX_TERMS)
      .map((term) => term.slice(0, MAX_TERM_LENGTH))
  );
}

/** The FTS5 MATCH expression for a search box's text, or null when there is nothing to search. */
export function ftsQuery(input: string): string | null {
  const terms = searchTerms(input);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(' ');
}

/** The LIKE pattern of a search text, for the fallback when FTS5 cannot take a query. */
export function likePattern(input: string): string {
  return `%${input.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
