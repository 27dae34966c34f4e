import dayjs from 'dayjs';
import i18next from 'i18next';

/** Left-to-right isolate (U+2066 ... U+2069): kept in its own order inside right-to-left text. */
const LTR_ISOLATE = ['\u2066', '\u2069'] as const;

/**
 * ARCHITECTURE.md: dates as YYYY-MM-DD HH:mm:ss in the viewer's zone, `--` when empty. Isolated left to right,
 * or an Arabic page shows "11:24:58 2026-11-25" (digits and separators take the page's direction).
 */
export function formatDateTime(value: string | null | undefined): string {
  return value ? `${LTR_ISOLATE[0]}${dayjs(value).format('YYYY-MM-DD HH:mm:ss')}${LTR_ISOLATE[1]}` : '--';
}

/**
 * A date-and-time field's label with the zone its times are read and shown in (the viewer's, e.g. "Valid until
 * (Europe/Berlin)"): a campaign's or a discount's end set by someone in one zone is read by others in theirs. The
 * zone's name rather than an offset, which changes with summer time between now and the date chosen.
 */
export function withTimeZone(label: string): string {
  return `${label} (${Intl.DateTimeFormat().resolvedOptions().timeZone})`;
}

/**
 * A label followed by its colon as the reader's language writes it (common:labelled): French puts a no-break space
 * before it ("Transporteur :"), Chinese and Japanese a full-width colon ("承运商："), the others a plain one.
 * It reads the global i18next, which is not the request's while rendering on the server: a server-rendered component
 * uses its own `t('common:labelled', { label })` (the header's language menu did not hydrate, React error 418).
 */
export function withColon(label: string, lang: string = i18next.language): string {
  return i18next.t('common:labelled', { label, lng: lang, defaultValue: `${label}:` });
}
