import { isLanguage, LANGUAGE_TAGS } from '@caravan/contracts/languages';
import { toAsciiDigits } from './ascii-digits';

/** Spaces of every width (French groups with U+202F) and the direction marks an Arabic keyboard inserts. */
const IGNORED = /[\s\u00a0\u2007\u2009\u202f\u200e\u200f\u061c\u2066-\u2069]/gu;

type TSeparators = { decimal: string; group: string };

const separatorsCache = new Map<string, TSeparators>();

/** The decimal and grouping separators of a language, as Intl writes them (NFKC-folded, no space groups). */
export function numberSeparatorsOf(language: string): TSeparators {
  const known = separatorsCache.get(language);
  if (known) {
    return known;
  }
  const tag = isLanguage(language) ? LANGUAGE_TAGS[language] : language;
  let parts: Intl.NumberFormatPart[] = [];
  try {
    parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  } catch {
    // An unknown tag: only the ASCII point counts.
  }
  const decimal = foldArabicSeparators(parts.find((part) => part.type === 'decimal')?.value ?? '.');
  const group = foldArabicSeparators(parts.find((part) => part.type === 'group')?.value ?? '').replace(
    IGNORED,
    '',
  );
  const separators = { decimal: decimal === '' ? '.' : decimal, group };
  separatorsCache.set(language, separators);
  return separators;
}

/** The Arabic decimal and thousands separators (which ICU may or may not use for "ar") as their ASCII forms. */
function foldArabicSeparators(text: string): string {
  return text.normalize('NFKC').replaceAll('\u066b', '.').replaceAll('\u066c', ',');
}

/**
 * How every page shows an amount ("1,234.50": comma groups and a decimal point, docs/decisions.md "Showing amounts").
 * Read in every language: a reader copies it from the page, and in a language whose decimal mark is the comma a point
 * cannot follow it, so the text has no other reading. Without the decimals ("150,000") it may be a German 150 and
 * is left to the language's own reading.
 */
const SHOWN_FORM = /^-?\d{1,3}(?:,\d{3})+\.\d+$/;

function isGrouped(whole: string, group: string): boolean {
  const digits = whole.replace(/^-/, '').split(group);
  return /^\d{1,3}$/.test(digits[0] ?? '') && digits.slice(1).every((part) => /^\d{3}$/.test(part));
}

/**
 * Put after an amount that reads two ways ("1.234" in German or Spanish: 1234 by the language, 1.234 as every page
 * writes amounts): no number to any check, the field's or the server's, so it is refused with the field's format
 * message instead of being saved a thousand times too big or too small.
 */
const AMBIGUOUS_MARK = '?';

/**
 * An amount as the reader typed it, in the form the money checks read ("1234.5"): full-width and other digits to
 * ASCII, spaces removed, the language's decimal separator turned into a point and its grouping separator removed
 * when the groups are whole thousands. Text that stays ambiguous ("12,50" on an English page) is returned as it is
 * (spaces removed) so the field check refuses it rather than guessing 1250. `isWhole`: the field takes whole
 * numbers only (stock, limits), so a point before three digits can only group thousands.
 */
export function normaliseAmount(text: string, language: string, options: { isWhole?: boolean } = {}): string {
  const plain = toAsciiDigits(foldArabicSeparators(text)).replace(IGNORED, '');
  if (plain === '') {
    return plain;
  }
  if (SHOWN_FORM.test(plain)) {
    return plain.replaceAll(',', '');
  }
  const { decimal, group } = numberSeparatorsOf(language);
  const decimalMark = plain.includes(decimal) ? decimal : '.';
  // German "1.000.000": the point is that language's grouping separator, not a decimal point. One such point
  // ("1.000") is also how the pages write a decimal (docs/decisions.md "Showing amounts").
  // Without a point ("100") there is nothing to read two ways: one group of digits is the amount itself.
  if (decimalMark === '.' && group === '.' && plain.includes('.') && isGrouped(plain, '.')) {
    const isOneGroup = plain.indexOf('.') === plain.lastIndexOf('.');
    return isOneGroup && !options.isWhole ? `${plain}${AMBIGUOUS_MARK}` : plain.replaceAll('.', '');
  }
  const parts = plain.split(decimalMark);
  if (parts.length > 2) {
    return plain;
  }
  const [whole = '', fraction] = parts;
  const isGroupUsed = group !== '' && group !== decimalMark && whole.includes(group);
  if (isGroupUsed && !isGrouped(whole, group)) {
    return plain;
  }
  const digits = isGroupUsed ? whole.replaceAll(group, '') : whole;
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/**
 * Whether an amount, once normalised, is still not written as a number ("12,50" on an English page, "1.2.3"): the
 * field then says how to write an amount (common:amountFormat) instead of its rule on decimals, which it may meet.
 */
export function isAmountUnreadable(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  return text !== '' && !/^-?\d*\.?\d*$/.test(text);
}
