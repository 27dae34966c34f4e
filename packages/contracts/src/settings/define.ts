import type { z } from 'zod';

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

export type SettingDefinitions = Readonly<Record<string, SettingDefinition>>;
