/** Zero of each decimal-digit block a phone keyboard may produce (full-width digits are folded by NFKC). */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];

/**
 * Digits as ASCII: Arabic-Indic, Persian, Devanagari, Bengali and Thai digits (an Arabic or Hindi phone keyboard
 * types these) and full-width ones. Other text is left as it is, for the field's check to refuse.
 */
export function toAsciiDigits(text: string): string {
  return text.normalize('NFKC').replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/**
 * A Form.Item's `normalize` for a field of digits (a transaction password, a code, a phone number, a postcode): the
 * form keeps, checks and sends the ASCII digits, whichever digits the reader's keyboard typed.
 */
export function asciiDigitsOf(value: unknown): unknown {
  return typeof value === 'string' ? toAsciiDigits(value) : value;
}
