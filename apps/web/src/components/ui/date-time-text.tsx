import { formatDateTime } from '../../lib/format';

/**
 * A date and time that may break onto two lines between them but never inside either: a narrow table column broke
 * "2026-11-29" after "2026-11-". The text is formatDateTime's, isolate marks included, so it reads the same.
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  const space = text.indexOf(' ');
  if (space < 0) {
    return text;
  }
  return (
    <>
      <span className="cv-nowrap">{text.slice(0, space)}</span>{' '}
      <span className="cv-nowrap">{text.slice(space + 1)}</span>
    </>
  );
}

/** A table column's render for a date and time (DateTimeText). */
export function dateTimeCell(value: string | null | undefined) {
  return <DateTimeText value={value} />;
}
