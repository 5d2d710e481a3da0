import { describe, expect, it } from 'vitest';
import { applyUtm, hasUtm, normalizeUtm, readUtm, validateUtm, UTM_VALUE_MAX_LENGTH } from '../../../electron/shared/utm.js';

const ok = (url: string, params: Parameters<typeof applyUtm>[1]) => {
  const result = applyUtm(url, params);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.url;
};

describe('applyUtm', () => {
  it('appends the parameters in the canonical order to a URL without a query', () => {
    expect(ok('https://example.com/page', { campaign: 'spring', source: 'news', medium: 'email' })).toBe(
      'https://example.com/page?utm_source=news&utm_medium=email&utm_campaign=spring',
    );
  });

  it('keeps the existing parameters, their order and their encoding', () => {
    expect(ok('https://example.com/p?b=2&a=x+y&c=%7E', { source: 'tw' })).toBe('https://example.com/p?b=2&a=x+y&c=%7E&utm_source=tw');
  });

  it('replaces a same-named utm parameter in place and drops its duplicates', () => {
    expect(ok('https://e.com/?utm_source=old&x=1&utm_source=older&utm_medium=keep', { source: 'new' })).toBe(
      'https://e.com/?utm_source=new&x=1&utm_medium=keep',
    );
  });

  it('recognises a utm name written in another case or percent-encoded', () => {
    expect(ok('https://e.com/?UTM_Source=a&utm%5Fmedium=b', { source: 's', medium: 'm' })).toBe('https://e.com/?utm_source=s&utm_medium=m');
  });

  it('keeps the fragment after the query', () => {
    expect(ok('https://e.com/a?x=1#section?not=query', { term: 'shoes' })).toBe('https://e.com/a?x=1&utm_term=shoes#section?not=query');
    expect(ok('https://e.com#top', { content: 'hero' })).toBe('https://e.com?utm_content=hero#top');
  });

  it('handles a URL that ends with a bare ? and empty pairs', () => {
    expect(ok('https://e.com/?', { source: 'a' })).toBe('https://e.com/?utm_source=a');
    expect(ok('https://e.com/?a=1&&b=2', { source: 'a' })).toBe('https://e.com/?a=1&&b=2&utm_source=a');
  });

  it('encodes values (spaces, &, =, #, non-ASCII) and trims them', () => {
    expect(ok('https://e.com/', { campaign: '  Spring sale & more=yes #1 été ' })).toBe(
      'https://e.com/?utm_campaign=Spring%20sale%20%26%20more%3Dyes%20%231%20%C3%A9t%C3%A9',
    );
  });

  it('leaves the URL as written (IDN host, port, no trailing slash) and unchanged with no parameters', () => {
    expect(ok('https://bücher.de:8443/über', { source: 'x' })).toBe('https://bücher.de:8443/über?utm_source=x');
    expect(ok(' https://e.com/a?b=1 ', {})).toBe('https://e.com/a?b=1');
    expect(ok('https://e.com/a?utm_source=kept', { source: '   ', medium: '' })).toBe('https://e.com/a?utm_source=kept');
  });

  it('refuses a URL that is not an absolute web address', () => {
    for (const url of ['example.com/page', 'javascript:alert(1)', 'ftp://e.com/', '', 'https://']) {
      const result = applyUtm(url, { source: 'x' });
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.issues[0]?.field).toBe('url');
    }
  });

  it('refuses invalid values with a message naming the field', () => {
    const result = applyUtm('https://e.com/', { source: 'a\nb', medium: 'm'.repeat(UTM_VALUE_MAX_LENGTH + 1) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.field)).toEqual(['source', 'medium']);
    expect(result.issues[0]?.message).toMatch(/line break/);
    expect(result.issues[1]?.message).toMatch(/keep it to 200/);
  });
});

describe('validateUtm', () => {
  it('accepts blank and missing values', () => {
    expect(validateUtm({})).toEqual([]);
    expect(validateUtm({ source: '', medium: '  ' })).toEqual([]);
  });

  it('reports unknown keys and non-text values', () => {
    const issues = validateUtm({ source: 5 as unknown as string, utm_medium: 'x' } as never);
    expect(issues.map((i) => i.field).sort()).toEqual(['params', 'source']);
  });

  it('can require a source when other parameters are set', () => {
    expect(validateUtm({ campaign: 'c' })).toEqual([]);
    expect(validateUtm({ campaign: 'c' }, { requireSource: true })).toEqual([
      expect.objectContaining({ field: 'source', message: expect.stringMatching(/needed/) }),
    ]);
    expect(validateUtm({ campaign: 'c', source: 's' }, { requireSource: true })).toEqual([]);
  });
});

describe('readUtm, normalizeUtm, hasUtm', () => {
  it('reads the first value of each utm parameter, decoded', () => {
    expect(readUtm('https://e.com/?utm_source=a%20b&x=1&UTM_MEDIUM=m+x&utm_source=second&utm_other=1#utm_term=no')).toEqual({
      source: 'a b',
      medium: 'm x',
    });
    expect(readUtm('https://e.com/')).toEqual({});
  });

  it('round-trips with applyUtm', () => {
    const params = { source: 'news letter', medium: 'e&mail', campaign: 'été', term: 'a=b', content: '#1' };
    expect(readUtm(ok('https://e.com/x?y=1', params))).toEqual(params);
  });

  it('normalises and tells whether anything is set', () => {
    expect(normalizeUtm({ source: ' a ', medium: ' ' })).toEqual({ source: 'a' });
    expect(hasUtm({ medium: ' ' })).toBe(false);
    expect(hasUtm(undefined)).toBe(false);
    expect(hasUtm({ term: 't' })).toBe(true);
  });
});
