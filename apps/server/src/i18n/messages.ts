import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AMOUNT_ISOLATION,
  DEFAULT_LANGUAGE,
  formatMegabytes,
  LANGUAGES,
  splitMessage,
  type TErrorCode,
  type TLanguage,
  V,
} from '@caravan/contracts';
import i18next, { type TFunction } from 'i18next';

/** Namespaces of packages/contracts/locales/<lang>/ the server translates with. */
export const SERVER_NAMESPACES = ['errors', 'validation', 'server', 'mail'] as const;
type TNamespace = (typeof SERVER_NAMESPACES)[number];

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../packages/contracts/locales');

function readNamespace(lang: TLanguage, ns: TNamespace): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, readNamespace(lang, ns)])),
  ]),
);

const instance = i18next.createInstance().use(AMOUNT_ISOLATION);
// initAsync with inline resources settles synchronously; nothing is fetched.
void instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  postProcess: [AMOUNT_ISOLATION.name],
  initAsync: false,
});

export function translator(lang: TLanguage): TFunction {
  return instance.getFixedT(lang);
}

/**
 * A message's parameter that is itself a text of the server's dictionaries (e.g. a setting's rule, `validation:
 * settingRules.timeWindow`): put in translated into the message's language, not as the thrower's English.
 */
export class TranslatedParam {
  constructor(
    readonly key: string,
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {}
}

/**
 * A message's parameter that is a size (an upload limit): put in with the unit as the message's language writes it
 * ("2 Mo" in French), as the web's own check does (lib/image-file.ts), not "2 MB" in every language.
 */
export class MegabytesParam {
  constructor(readonly bytes: number) {}
}

function fillParam(lang: TLanguage, t: TFunction, value: unknown): unknown {
  if (value instanceof TranslatedParam) {
    return t(value.key, { ...value.params });
  }
  if (value instanceof MegabytesParam) {
    return formatMegabytes(value.bytes, lang);
  }
  return value;
}

export function errorMessage(lang: TLanguage, code: TErrorCode, params?: Record<string, unknown>): string {
  const t = instance.getFixedT(lang);
  const filled = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [name, fillParam(lang, t, value)]),
  );
  return instance.getFixedT(lang, 'errors')(code, filled);
}

/**
 * A wrong password or code says how many tries are left before the lock it leads to (`remainingAttempts` in the
 * error's details), so nobody is locked out without warning.
 */
export function withAttemptsLeft(
  lang: TLanguage,
  message: string,
  details?: Record<string, unknown>,
): string {
  const count = details?.remainingAttempts;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count <= 0) {
    return message;
  }
  return instance.getFixedT(lang, 'server')('attemptsLeft', { message, count });
}

/** The text of a validation key; `fallbackKey`'s when `key` is none (e.g. a library's own English message). */
export function validationMessage(
  lang: TLanguage,
  message: string,
  fallbackKey: string = V.required,
): string {
  const t = instance.getFixedT(lang, 'validation');
  const { key, values } = splitMessage(message);
  const fallback = splitMessage(fallbackKey);
  return t(key, { ...values, defaultValue: t(fallback.key, fallback.values) });
}

/** Server-side texts such as order history messages (namespace `server`). */
export function serverText(lang: TLanguage, key: string, params?: Record<string, unknown>): string {
  return instance.getFixedT(lang, 'server')(key, params ?? {});
}

/** A text of the mail templates (namespace `mail`); undefined when the key does not exist. */
export function mailText(lang: TLanguage, key: string, params?: Record<string, unknown>): string | undefined {
  const t = instance.getFixedT(lang, 'mail');
  if (!instance.exists(key, { lng: lang, ns: 'mail' })) {
    return undefined;
  }
  return t(key, params ?? {});
}
