import { describe, expect, it } from 'vitest';
import { loadDictionary } from './i18n';

describe('loadDictionary', () => {
  it('finds a web dictionary and a shared one through the language tables', async () => {
    const common = await loadDictionary('ar', 'common');
    expect((common.pager as { next: string }).next).toBe('الصفحة التالية');
    const validation = await loadDictionary('de', 'validation');
    expect(Object.keys(validation).length).toBeGreaterThan(5);
  });

  it('answers empty for a language or namespace that has none', async () => {
    expect(await loadDictionary('xx', 'common')).toEqual({});
    expect(await loadDictionary('en', 'nothing')).toEqual({});
  });
});
