import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import frCart from '../locales/fr/cart.json';
import frCommon from '../locales/fr/common.json';
import jaCommon from '../locales/ja/common.json';
import { initTestI18n } from '../testing/i18n';
import { withColon } from './format';
import { imageLimitsText } from './image-file';

const FRENCH = import.meta.glob<unknown>(
  ['../locales/fr/*.json', '../../../../packages/contracts/locales/fr/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

function textsOf(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') {
    return [[path, value]];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    textsOf(inner, `${path}.${key}`),
  );
}

describe('French texts', () => {
  afterEach(async () => {
    if (i18next.isInitialized) {
      await i18next.changeLanguage('en');
    }
  });

  it('put a space before every colon ("Transporteur :", "(0 : tous)")', async () => {
    const glued = Object.entries(FRENCH)
      .flatMap(([file, texts]) => textsOf(texts, file))
      .filter(([, text]) => /[^\s\u00a0\u202f]:(\s|$)/.test(text));
    expect(glued).toEqual([]);
    const i18n = await initTestI18n();
    i18n.addResourceBundle('fr', 'common', frCommon, true, true);
    i18n.addResourceBundle('ja', 'common', jaCommon, true, true);
    expect(withColon('Transporteur', 'fr')).toBe('Transporteur\u00a0:');
    expect(withColon('Carrier', 'en')).toBe('Carrier:');
    // The labels other languages add a colon to take theirs: full width in Japanese.
    expect(withColon('運送会社', 'ja')).toBe('運送会社：');
  });

  it('write the upload limit in Mo', async () => {
    const i18n = await initTestI18n();
    i18n.addResourceBundle('fr', 'common', frCommon, true, true);
    await i18n.changeLanguage('fr');
    expect(imageLimitsText(i18n.t)).toBe('JPEG, PNG, WebP ou GIF, 10\u202fMo au plus chacune');
  });

  it('name the quantity of a product without an elision to make ("Quantité de Enceintes")', () => {
    expect(frCart.drawer.quantity.replace('{{name}}', 'Enceintes')).not.toMatch(/\bde [AEIOUYÉÈÊaeiouyéèêh]/);
  });
});
