import type { TLocalizedText } from '@caravan/contracts';

/** The text in the reader's language, else the product's own language, else any. */
export function pickName(texts: TLocalizedText, lang: string, fallback: string): string {
  const table = texts as Record<string, string | undefined>;
  return table[lang] ?? table[fallback] ?? Object.values(table).find((v) => v) ?? '';
}

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
