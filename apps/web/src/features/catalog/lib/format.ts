import { groupMoneyDigits } from '@caravan/contracts/money';
import { percentText } from '../../../lib/percent';

/**
 * Display helpers kept free of zod and antd: the home page chunk uses them and must stay small.
 * Money arrives as a decimal string and is shown with every digit (never through a float), at least two
 * decimals and thousands grouped ("1,234.50").
 */
export function formatUsdtAmount(amount: string): string {
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) {
    return amount;
  }
  const [, whole = '0', rawFraction = ''] = match;
  const fraction = rawFraction.replace(/0+$/, '').padEnd(2, '0');
  return groupMoneyDigits(`${whole}.${fraction}`);
}

/** "0.9630" -> "96.3%" (in the reader's language: Turkish "%96.3"); null (no reviews yet) -> "--". */
export function formatRate(rate: string | null, lang: string): string {
  if (rate === null) {
    return '--';
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) {
    return '--';
  }
  const [, whole = '0', fraction = ''] = match;
  const permyriad = BigInt(whole) * 10000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  const tenths = (permyriad + 5n) / 10n;
  const rest = tenths % 10n;
  return percentText(`${tenths / 10n}${rest === 0n ? '' : `.${rest}`}`, lang);
}

export function buildProductPath(id: string): string {
  return `/productDetails?id=${encodeURIComponent(id)}`;
}

export function buildStorePath(id: string): string {
  return `/store?id=${encodeURIComponent(id)}`;
}

/**
 * How a JSON text can begin (after JSON's own white space): a bare word such as `tea` cannot be one, and is taken as
 * it is without a JSON.parse that throws (an exception per search page render was measurable on the server).
 */
const JSON_START = /^[ \t\n\r]*(?:["[{0-9-]|true|false|null)/;

/** SPEC §2: result pages carry the keyword JSON-encoded in `k`; a bare word is accepted too. */
export function parseKeywordParam(raw: string | null | undefined): string {
  if (!raw) {
    return '';
  }
  if (!JSON_START.test(raw)) {
    return raw;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : String(parsed);
  } catch {
    return raw;
  }
}

export function buildKeywordQuery(keyword: string): string {
  return encodeURIComponent(JSON.stringify(keyword));
}

export function buildSearchStorePath(keyword: string): string {
  return `/searchStore?k=${buildKeywordQuery(keyword)}`;
}

export function buildSearchResultPath(keyword: string): string {
  return `/searchResult/${encodeURIComponent(keyword)}`;
}
