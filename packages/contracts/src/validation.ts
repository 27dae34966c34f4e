import { z } from 'zod';
import {
  CONSIGNEE_MAX,
  EMAIL_MAX,
  MOBILE_MIN_DIGITS,
  PAGE_SIZE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  POSTCODE_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants';
import { LANGUAGES } from './languages';
import { isMoneyString } from './money';

/**
 * Field rules of SPEC §5. Each message is a key of the `validation` dictionary
 * (packages/contracts/locales/<lang>/validation.json), translated by the server and by the web forms.
 */
export const V = {
  required: 'required',
  username: 'username',
  email: 'email',
  mobile: 'mobile',
  /** A mobile number with enough digits that no number of its area code can be (libphonenumber's plans). */
  mobileInvalid: 'mobileInvalid',
  areaCode: 'areaCode',
  /** An e-mail address typed as a username (usernames are letters and digits): it belongs in the E-mail tab. */
  usernameIsEmail: 'usernameIsEmail',
  /** An international mobile number ("+44...") typed as a username: it belongs in the Mobile tab. */
  usernameIsMobile: 'usernameIsMobile',
  /** A person's name with something other than letters, marks, spaces, apostrophes, hyphens or dots (an emoji). */
  personName: 'personName',
  /** An ID number that does not fit its ID type (isValidIdNumber): also the field error of VERIFICATION_ID_INVALID. */
  idNumberInvalid: 'idNumberInvalid',
  password: 'password',
  passwordsDiffer: 'passwordsDiffer',
  /** A new log-in password the same as the current one. */
  passwordUnchanged: 'passwordUnchanged',
  txPassword: 'txPassword',
  /** A new transaction password easy to guess (isTrivialPin): one digit repeated, a run, or a very common PIN. */
  txPasswordTooSimple: 'txPasswordTooSimple',
  /** A new transaction password the same as the current one. */
  txPasswordUnchanged: 'txPasswordUnchanged',
  /** An ID card's back given as the same photo as its front. */
  idBackSameAsFront: 'idBackSameAsFront',
  /** Advanced verification's proof of address given as the same photo as its selfie. */
  addressProofSameAsSelfie: 'addressProofSameAsSelfie',
  amount: 'amount',
  amountCents: 'amountCents',
  /** An amount that may be 0 (a fixed fee, a price filter). */
  amountOrZero: 'amountOrZero',
  /** An amount that may be 0, in whole cents (a coupon's minimum spend). */
  amountOrZeroCents: 'amountOrZeroCents',
  /** A fee rate: a fraction from 0 to below 1 (0.01 = 1 %). */
  feeRate: 'feeRate',
  /** A loan's daily rate: a fraction from 0 to 0.1 (10 % a day). */
  dailyRate: 'dailyRate',
  /** A maximum below its minimum (a loan product's amounts, a channel's limits). */
  maxBelowMin: 'maxBelowMin',
  /** A channel's fees that would take the whole of its minimum deposit ({{min}}). */
  feesBelowMin: 'feesBelowMin',
  page: 'page',
  pageSize: 'pageSize',
  tooLong: 'tooLong',
  postcode: 'postcode',
  invitationCode: 'invitationCode',
  integer: 'integer',
  /** An avatar number outside 1 to AVATAR_MAX. */
  avatar: 'avatar',
  subscriptionEmail: 'subscriptionEmail',
  imageRef: 'imageRef',
  price: 'price',
  salePrice: 'salePrice',
  stock: 'stock',
  /** Above PRICE_MAX (100,000,000). */
  priceTooHigh: 'priceTooHigh',
  /** A price with a thousands separator, a currency sign or letters ("1,234.50", "$12"): not a plain number. */
  priceFormat: 'priceFormat',
  /** Above STOCK_MAX (100,000,000). */
  stockTooHigh: 'stockTooHigh',
  verificationCode: 'verificationCode',
  verificationCodeEmpty: 'verificationCodeEmpty',
  chatText: 'chatText',
  chatTextEmpty: 'chatTextEmpty',
  couponCode: 'couponCode',
  /** The seller's order search: the start (or the whole) of an order number, in digits. */
  orderNoSearch: 'orderNoSearch',
  couponMinSpend: 'couponMinSpend',
  couponDates: 'couponDates',
  couponPercent: 'couponPercent',
  couponPerUser: 'couponPerUser',
  couponStock: 'couponStock',
  couponValidDays: 'couponValidDays',
  couponEndPast: 'couponEndPast',
  couponCodeTaken: 'couponCodeTaken',
  // Edge hardening (issue 10)
  id: 'id',
  nulCharacter: 'nulCharacter',
  /** A text with a C0 control character other than tab and line breaks (U+0001 pasted from another program). */
  controlCharacter: 'controlCharacter',
  tooManyItems: 'tooManyItems',
  itemsAtMost: 'itemsAtMost',
  textAtMost: 'textAtMost',
  tooDeep: 'tooDeep',
  /** A field the call does not take (a strict body or query): named, so a client sees which one. */
  unknownField: 'unknownField',
  /** A value outside an enumeration (a sort order, a type) whose schema names no message of its own. */
  invalidChoice: 'invalidChoice',
  /** A value its schema refuses for a reason that has no message of its own (a range, a format). */
  invalidValue: 'invalidValue',
  /** A password from the common-password list (checked on the server: the list is large). */
  passwordTooCommon: 'passwordTooCommon',
  /** A day that is not a date of the calendar (2026-02-30) or not written YYYY-MM-DD. */
  date: 'date',
  /** A day or an instant outside DATE_MIN..DATE_MAX (year 0, or past 9999 once its offset is applied). */
  dateOutOfRange: 'dateOutOfRange',
  /** A period whose end is before its start. */
  dateRangeOrder: 'dateRangeOrder',
  /** A period longer than the 366 days the console sums at once. */
  dateRangeTooLong: 'dateRangeTooLong',
  /** Two attributes of a product with one name ("Colour" twice). */
  attributeNameTaken: 'attributeNameTaken',
  /** Two variants of one product with the same code (SKU). */
  variantCodeTaken: 'variantCodeTaken',
  /** A stock change of 0 (it would record a change that changes nothing). */
  stockChangeZero: 'stockChangeZero',
  /** A whole number outside its range, or no whole number: `{{min}}` to `{{max}}` (messageWithValues). */
  wholeRange: 'wholeRange',
  /** An amount above 0 up to `{{max}}` (a channel's limits and rate). */
  amountUpTo: 'amountUpTo',
  /** An amount from 0 up to `{{max}}` (a fixed fee). */
  amountOrZeroUpTo: 'amountOrZeroUpTo',
  /** A query parameter given more than once (`?id=1&id=2`): which one was meant is not guessed. */
  repeatedParameter: 'repeatedParameter',
  /** A parcel's tracking number: letters and digits, with spaces, dashes, dots or slashes between. */
  trackingNo: 'trackingNo',
  /** An amount outside `{{min}}` to `{{max}}` (a loan product's amounts, SPEC §9). */
  amountRange: 'amountRange',
  loanProductCodeTaken: 'loanProductCodeTaken',
} as const;

export type TValidationKey = (typeof V)[keyof typeof V];

/**
 * A message key with the values of its placeholders in one string, as zod carries only a string for a message:
 * `wholeRange?min=1&max=90`. The server and the web forms translate it with splitMessage.
 */
export function messageWithValues(key: TValidationKey, values: Record<string, number>): string {
  return `${key}?${Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')}`;
}

/** Grouped as the app shows every figure ("1,000,000", Latin digits), whatever the reader's language. */
const VALUE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

/** The key of a message and its placeholder values, formatted for display (a plain key has none). */
export function splitMessage(message: string): { key: string; values: Record<string, string> } {
  const at = message.indexOf('?');
  if (at < 0 || !/^[A-Za-z]+$/.test(message.slice(0, at))) {
    return { key: message, values: {} };
  }
  const values: Record<string, string> = {};
  for (const pair of message.slice(at + 1).split('&')) {
    const [name, value] = pair.split('=');
    if (name && value !== undefined && Number.isFinite(Number(value))) {
      values[name] = VALUE_FORMAT.format(Number(value));
    }
  }
  return { key: message.slice(0, at), values };
}

/** A JSON number, or a query's or form's string of digits as that number; anything else is left for z.number to refuse. */
const digitsAsNumber = (value: unknown) =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/**
 * A whole number from `min` to `max`; every failure (text, a fraction, out of range) says the range, unless the field
 * has a message of its own. JSON numbers only: `zWholeFromText` also takes the digits of a query string or a form.
 */
export const zWhole = (min: number, max: number, message = messageWithValues(V.wholeRange, { min, max })) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/**
 * `zWhole` that also takes a string of digits (a query parameter, a form field): only digits, with an optional minus.
 * z.coerce took "1e3" as 1000, "0x10" as 16 and " 5 " as 5.
 */
export const zWholeFromText = (
  min: number,
  max: number,
  message = messageWithValues(V.wholeRange, { min, max }),
) => z.preprocess(digitsAsNumber, zWhole(min, max, message));

/**
 * A format's message: "required" when nothing was given, "not valid" when something was given in the wrong form (a
 * pattern's refusal said "This field is required" of "abc" given for an order number).
 */
export const requiredOrInvalid = (issue: { input?: unknown }): TValidationKey =>
  issue.input === undefined || issue.input === null || String(issue.input).trim() === ''
    ? V.required
    : V.invalidValue;

/**
 * The first and the last calendar day any date input may name (as days, or as the UTC day of an instant). PostgreSQL
 * has no year 0, and a JavaScript date past 9999 reaches it as "+010000-…", which it refuses: both answered 500. The
 * last day keeps a day's margin below 9999-12-31, so a query that adds a day or a time zone (the dashboard's ranges)
 * still stays in four-digit years.
 */
export const DATE_MIN = '1970-01-01';
export const DATE_MAX = '9999-12-30';
const DAY_MS = 86_400_000;
const INSTANT_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00Z`);
/** The first instant after DATE_MAX (UTC), excluded. */
const INSTANT_END_MS = Date.parse(`${DATE_MAX}T00:00:00Z`) + DAY_MS;

/**
 * An instant in ISO 8601 with its offset ("2026-12-05T09:30:00+08:00", "…Z") on a UTC day from DATE_MIN to DATE_MAX
 * once its offset is applied. The one schema for every date-and-time input (filters, campaign and banner periods).
 */
export const zInstant = z.iso
  .datetime({ offset: true, error: requiredOrInvalid })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: V.invalidValue, abort: true })
  .refine(
    (v) => {
      const at = Date.parse(v);
      return at >= INSTANT_MIN_MS && at < INSTANT_END_MS;
    },
    { error: V.dateOutOfRange },
  );

/**
 * A calendar day, YYYY-MM-DD, that exists (2026-02-30 is refused, not taken as 2 March), from DATE_MIN to DATE_MAX.
 * The one schema for every day input.
 */
export const zDay = z.iso
  .date({ error: (issue) => (requiredOrInvalid(issue) === V.required ? V.required : V.date) })
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, { error: V.dateOutOfRange });

/**
 * One of `values`: "required" when the field is missing or empty (a form's unchosen select), "not one of the allowed
 * values" when something else was given (a single message for both said "required" for a wrong sort order).
 */
export const choiceError = (issue: { input?: unknown }): string =>
  issue.input === undefined || issue.input === null || issue.input === '' ? V.required : V.invalidChoice;

export const zChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: choiceError });

export const zRequiredText = (max: number) =>
  z.string({ error: requiredOrInvalid }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

export const zUsername = z
  .string({ error: requiredOrInvalid })
  .regex(new RegExp(`^[A-Za-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`), { error: V.username });

/** E-mail whose local part is at least 6 English letters or digits (SPEC §5), full format checked. */
export const zEmail = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: V.tooLong })
  .regex(/^[a-z0-9][a-z0-9._-]{5,}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/, { error: V.email })
  // Six letters or digits, whatever dots, dashes or underscores come between them: `a-_._-@…` passed the pattern.
  .refine((email) => (email.slice(0, email.indexOf('@')).match(/[a-z0-9]/g)?.length ?? 0) >= 6, {
    error: V.email,
  });

/**
 * Subscription e-mail: local part starts alphanumeric, at least 3 characters, then a domain. Kept as typed (trimmed);
 * the server decides "already subscribed" on a canonical form (case, `+tag`).
 */
export const zSubscriptionEmail = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(EMAIL_MAX, { error: V.tooLong })
  .regex(/^[a-z0-9][a-z0-9._%+-]{2,}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i, { error: V.subscriptionEmail });

/** International area code such as "+86" or "+1". */
export const zAreaCode = z
  .string({ error: requiredOrInvalid })
  .trim()
  .regex(/^\+?[1-9]\d{0,3}$/, { error: V.areaCode })
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

/**
 * A person's name as an identity document gives it (real-name verification): letters and combining marks of any
 * script, with spaces, apostrophes, hyphens and dots between ("Jean-Luc O'Neil Jr."); no emoji, digits or symbols.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[\p{L}\p{M} .'’-]*[\p{L}\p{M}.])?$/u;
export const zPersonName = (max: number) =>
  zRequiredText(max).regex(PERSON_NAME_PATTERN, { error: V.personName });

/**
 * A phone number without the spaces, dashes, dots and brackets people write it with ("0470 12 34 56",
 * "+971 50 123 4567"): those are left out of the stored value rather than refused as "not a mobile number".
 */
export const withoutPhoneSeparators = (value: string) => value.replace(/[\s().-]/g, '');

/** Room for 15 digits written with separators; longer text is refused before it is read. */
const MOBILE_TEXT_MAX = 32;

export const zMobile = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(MOBILE_TEXT_MAX, { error: V.mobile, abort: true })
  // An address's phone written "0470 12 34 56" was refused as "at least 8 digits" (QA).
  .overwrite(withoutPhoneSeparators)
  .regex(new RegExp(`^\\d{${MOBILE_MIN_DIGITS},15}$`), { error: V.mobile });

/** Login and fund password: 6-12 letters, digits or special characters, no spaces. */
export const zPassword = z
  .string({ error: requiredOrInvalid })
  .regex(new RegExp(`^[\\x21-\\x7E]{${PASSWORD_MIN},${PASSWORD_MAX}}$`), { error: V.password });

/** Transaction password: exactly 6 digits. The rule for checking one in use (paying, withdrawing, the old one). */
export const zTxPassword = z.string({ error: requiredOrInvalid }).regex(/^\d{6}$/, { error: V.txPassword });

/**
 * Six-digit PINs people choose most often that are not a repeated digit or a run (those isTrivialPin finds by
 * itself), as published analyses of leaked 6-digit PINs rank them (e.g. Wang et al., "Understanding Human-chosen
 * PINs", 2017; Markert et al., "This PIN Can Be Easily Guessed", IEEE S&P 2020). Kept short on purpose: the lockout
 * (SPEC §9) already lets an attacker try only a few PINs (3 in a row, 10 a day), so only the very first guesses
 * matter, and a long list mostly annoys people choosing a PIN. Patterns: repeated pairs and triples (121212,
 * 123123), mirrored (123321), keypad lines (147258, 159753, 789456), counting by tens (102030) and number words
 * (520520 and 520131: "I love you (for life)" in Chinese, 696969).
 */
export const COMMON_PINS: ReadonlySet<string> = new Set([
  '101010',
  '102030',
  '112233',
  '121212',
  '123123',
  '123321',
  '131313',
  '147258',
  '147852',
  '159357',
  '159753',
  '520131',
  '520520',
  '696969',
  '753951',
  '789456',
]);

/**
 * Whether a 6-digit PIN is too easy to guess to be set as a transaction password: every digit the same (000000,
 * 111111), each digit one more or one less than the one before, 9 and 0 counting as neighbours (012345, 123456,
 * 567890, 654321, 987654, 098765), or one of COMMON_PINS. Anything that is not 6 digits is left to zTxPassword
 * (false). The one rule for the server and the web forms; applied when a PIN is set, changed or reset, never when
 * one is used, so a PIN set before the rule still pays.
 */
export function isTrivialPin(pin: string): boolean {
  if (!/^\d{6}$/.test(pin)) {
    return false;
  }
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => (digit - (digits[i] ?? 0) + 10) % 10));
  // One step between all neighbours: 0 (one digit repeated), 1 (ascending), 9 (descending, as -1 mod 10).
  const [step] = steps;
  if (steps.size === 1 && (step === 0 || step === 1 || step === 9)) {
    return true;
  }
  return COMMON_PINS.has(pin);
}

/** A transaction password being set, changed or reset: 6 digits and not trivial (isTrivialPin). */
export const zNewTxPassword = zTxPassword.refine((pin) => !isTrivialPin(pin), {
  error: V.txPasswordTooSimple,
});

/**
 * A request that sets a new transaction password typed twice (`txPassword`, `confirmTxPassword`) after `shape`'s
 * fields: setting it, changing it, replacing a forgotten one. A difference is marked on the confirmation.
 */
export function zWithNewTxPasswordTwice<TShape extends z.ZodRawShape>(shape: TShape) {
  return (
    z
      .strictObject({
        ...shape,
        txPassword: zNewTxPassword,
        confirmTxPassword: z.string({ error: requiredOrInvalid }),
      })
      // zod cannot narrow an output built from a generic shape, though both fields are always in it.
      .refine(
        (value) => {
          const typed = value as { txPassword: string; confirmTxPassword: string };
          return typed.txPassword === typed.confirmTxPassword;
        },
        {
          path: ['confirmTxPassword'],
          error: V.passwordsDiffer,
        },
      )
  );
}

export const zInvitationCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, { error: V.invitationCode });

export const zPostcode = z
  .string({ error: requiredOrInvalid })
  .trim()
  .regex(new RegExp(`^\\d{5,${POSTCODE_MAX}}$`), { error: V.postcode });

export const zConsignee = zRequiredText(CONSIGNEE_MAX);

/** A positive decimal amount with at most `decimals` fraction digits, as a string; `message` names the rule. */
export const zAmount = (decimals = 10, message: string = V.amount) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isMoneyString(v, decimals) && !v.startsWith('-') && /[1-9]/.test(v), { error: message });

/** Page number: integer above 0. Accepts the digits of a query string. */
export const PAGE_NUM_MAX = 1_000_000;
export const zPageNum = zWholeFromText(1, PAGE_NUM_MAX);
export const zPageSize = zWholeFromText(1, PAGE_SIZE_MAX, V.pageSize);

export const zPageQuery = (defaultSize: number) =>
  z.object({
    pageNum: zPageNum.default(1),
    pageSize: zPageSize.default(defaultSize),
  });

/**
 * A bigint id carried as a decimal string (or number) in the API: at most 18 digits, so it always fits a
 * PostgreSQL bigint (19 digits could overflow it and answered 500). Use it for every id field.
 */
export const zId = z
  .union([z.string(), z.number()], { error: V.required })
  .transform((v) => String(v))
  // An empty one (a form's or a CSV's empty cell) is missing, not malformed.
  .refine((v) => v !== '', { error: V.required, abort: true })
  // No space around it either: " 1 " named address 1 in a delete.
  .refine((v) => /^[1-9]\d{0,17}$/.test(v), { error: V.id });

export type TPage<T> = {
  pageList: T[];
  pageNum: number;
  pageSize: number;
  total: number;
};

const isPlainLine = (v: string) => ![...v].some((ch) => ch.charCodeAt(0) < 32);
const zLine = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(max, { error: V.tooLong })
    .refine(isPlainLine, { error: V.controlCharacter });
/** One line of text per language (a name, a title); empty strings are dropped, so a language can be cleared. */
export const zLocalizedLines = (max: number) =>
  z
    .partialRecord(zChoice(LANGUAGES), zLine(max))
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')));
