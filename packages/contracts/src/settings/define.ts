import { z } from 'zod';

/**
 * One platform setting (a row of `system_params`). Every setting the code reads is declared once, in
 * its domain's file beside this one, with the schema its value must satisfy: a value outside the
 * range is refused when staff save it, never stored and silently ignored.
 */
export interface SettingDefinition {
  /** Validates the stored text; refine ranges here (e.g. an integer string from 1 to 100). */
  readonly schema: z.ZodType<string>;
  readonly defaultValue: string;
  /** Shown to staff next to the value. */
  readonly description: string;
  /** Readable without logging in (syspara of SPEC §7). */
  readonly isPublic?: boolean;
}

export type SettingDefinitions = Readonly<Record<string, RangedSettingDefinition>>;

/**
 * The range of a numeric setting, for the localised "must be between {{min}} and {{max}}" refusal.
 * Set by the helpers below; a definition without it is refused with its schema's own message.
 */
export type TSettingRange = {
  readonly min: string;
  readonly max: string;
  /**
   * Whether the text is a number of the setting's kind (a whole number, or a decimal with its decimals): only then is
   * a refusal "out of range"; "2.5" for a count or "abc" is refused with the setting's rule instead.
   */
  readonly isWellFormed: (value: string) => boolean;
};

/**
 * What a non-numeric setting accepts, for the localised "not valid: {{rule}}" refusal: a key of the `settingRules`
 * texts (contracts/locales/<lang>/validation.json) and the values it names.
 */
export type TSettingRule = {
  readonly key:
    | 'oneOf'
    | 'urlOrEmpty'
    | 'httpsUrlOrEmpty'
    | 'commaList'
    | 'withdrawFee'
    | 'timeWindow'
    | 'wholeNumber'
    | 'decimalNumber';
  readonly params?: Readonly<Record<string, string>>;
};

/** Every setting has one of the two, so its refusal is worded in the reader's language (settings.test.ts). */
export interface RangedSettingDefinition extends SettingDefinition {
  readonly range?: TSettingRange;
  readonly rule?: TSettingRule;
}

/** A whole number from `min` to `max` (as text, the way system_params stores it). */
export function integerSetting(
  min: number,
  max: number,
  rest: Omit<SettingDefinition, 'schema'>,
): RangedSettingDefinition {
  const rule = `a whole number from ${min} to ${max}`;
  return {
    ...rest,
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, { error: rule })
      .refine((v) => Number(v) >= min && Number(v) <= max, { error: rule })
      // Stored as the number reads: "007" was kept as typed and shown so in the console and the audit log.
      .transform((v) => String(Number(v))),
    range: { min: String(min), max: String(max), isWellFormed: (v) => /^-?\d+$/.test(v.trim()) },
    rule: { key: 'wholeNumber', params: { min: String(min), max: String(max) } },
  };
}

/** A decimal from `min` to `max` with at most `decimals` fraction digits (USDT amounts, rates). */
export function decimalSetting(
  min: string,
  max: string,
  decimals: number,
  rest: Omit<SettingDefinition, 'schema'>,
): RangedSettingDefinition {
  const rule = `a number from ${min} to ${max} with at most ${decimals} decimals`;
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`);
  // The refinement also runs when the pattern failed (zod goes on checking): never throw on odd text.
  const scaled = (v: string) => {
    if (!pattern.test(v)) {
      return -1n;
    }
    const [whole = '0', fraction = ''] = v.split('.');
    return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  };
  return {
    ...rest,
    schema: z
      .string()
      .trim()
      .regex(pattern, { error: rule })
      .refine((v) => scaled(v) >= scaled(min) && scaled(v) <= scaled(max), { error: rule })
      // Without the zeros in front ("007.5" is 7.5); the fraction stays as written (0.050 is a rate as typed).
      .transform((v) => v.replace(/^0+(?=\d)/, '')),
    range: {
      min,
      max,
      isWellFormed: (v) => new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`).test(v.trim()),
    },
    rule: { key: 'decimalNumber', params: { min, max, decimals: String(decimals) } },
  };
}
