import { describe, expect, it } from 'vitest';
import { sameTemplateName, sameUtm, sortTemplates, templateNameIssue, validateTemplate } from '../../../electron/shared/utm-template-rules.js';

describe('UTM template rules', () => {
  it('sorts by name as a person reads it: case and accents aside', () => {
    const names = ['beta', 'Zeta', 'alpha', 'Émile', 'Alpha'].map((name) => ({ name, params: { source: 's' } }));
    expect(sortTemplates(names).map((t) => t.name)).toEqual(['Alpha', 'alpha', 'beta', 'Émile', 'Zeta']);
  });

  it('compares names regardless of case and surrounding spaces', () => {
    expect(sameTemplateName(' Newsletter ', 'NEWSLETTER')).toBe(true);
    expect(sameTemplateName('News letter', 'Newsletter')).toBe(false);
  });

  it('treats blank and missing parameters alike when comparing sets', () => {
    expect(sameUtm({ source: 'a', medium: '' }, { source: ' a ' })).toBe(true);
    expect(sameUtm({ source: 'a' }, { source: 'a', term: 'x' })).toBe(false);
  });

  it('checks the name: required, at most 60 characters, no line break', () => {
    expect(templateNameIssue('')).toContain('Give the template a name');
    expect(templateNameIssue('x'.repeat(60))).toBeNull();
    expect(templateNameIssue('a\nb')).toContain('line break');
  });

  it('reports each problem by field', () => {
    expect(validateTemplate('', { medium: 'm'.repeat(201), nope: 'x' } as never, []).map((i) => i.field)).toEqual(['name', 'params', 'medium']);
  });
});
