import { LANGUAGES } from '@caravan/contracts';
import enUS from 'antd/es/locale/en_US';
import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from '../i18n';

describe("Ant Design's own texts", () => {
  it('come in every language but English from a locale, none left to its built-in English', async () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
      if (!(await loadAntdLocale(lang))) {
        missing.push(lang);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(['af', 'ph'] as const)(
    '%s, which Ant Design does not ship, has its pickers, tables and dialogs translated',
    async (lang) => {
      const locale = await loadAntdLocale(lang);
      const english = [
        enUS.DatePicker?.lang.rangePlaceholder?.[0],
        enUS.DatePicker?.lang.placeholder,
        enUS.Empty?.description,
        enUS.Modal?.cancelText,
        enUS.Table?.filterReset,
        enUS.Pagination?.jump_to,
      ];
      const translated = [
        locale?.DatePicker?.lang.rangePlaceholder?.[0],
        locale?.DatePicker?.lang.placeholder,
        locale?.Empty?.description,
        locale?.Modal?.cancelText,
        locale?.Table?.filterReset,
        locale?.Pagination?.jump_to,
      ];
      translated.forEach((text, i) => {
        expect(text, String(english[i])).toBeTruthy();
        expect(text).not.toBe(english[i]);
      });
    },
  );
});
