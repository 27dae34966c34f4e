import { useTranslation } from 'react-i18next';
import { normaliseAmount } from './normalise-amount';

/**
 * The `parser` for an antd InputNumber (stock, quantities): its own parser drops every non-ASCII character, so a
 * Japanese "１００" became empty. Reads the figure like an amount field does, in the page's language; the fields are
 * whole numbers, so a German "1.234" is 1234 (an amount field refuses it as ambiguous).
 */
export function useNumberParser(): <T extends string | number>(text: string | undefined) => T {
  const { i18n } = useTranslation();
  // The field reads the parser's result as a decimal string (rc-input-number's getMiniDecimal) whatever its value
  // type says; a string keeps "" (cleared) and "1.5" exact.
  return <T extends string | number>(text: string | undefined) =>
    normaliseAmount(text ?? '', i18n.language, { isWhole: true }) as T;
}
