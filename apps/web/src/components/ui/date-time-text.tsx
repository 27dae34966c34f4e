import { formatDateTime } from '../../lib/format';

/**
 * A date and time that may break onto two lines between them but never inside either: a narrow table column broke
 * "2026-11-29" after "2026-11-". The text is formatDateTime's, isolate marks included, so it reads the same. One
 * element, so that in a flex container (a Descriptions value) it is one item: loose pieces became items of their
 * own, and the space between them, whitespace alone, was dropped ("2026-12-0906:56:43").
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  const space = text.indexOf(' ');
  if (space < 0) {
    return text;
  }
  return (
    <span>
      <span className="cv-nowrap">{text.slice(0, space)}</span>{' '}
      <span className="cv-nowrap">{text.slice(space + 1)}</span>
    </span>
  );
}

/** A table column's render for a date and time (DateTimeText). */
export function dateTimeCell(value: string | null | undefined) {
  return <DateTimeText value={value} />;
}

/** Stands in for the date and time in the sentence until it is cut there (an invisible separator, U+2063). */
const TIME_MARK = '\u2063';

/**
 * A translated sentence with a date and time in it ("Return possible until {{time}}"), the date and time kept whole
 * as in DateTimeText: a sentence that wrapped broke the date after "2026-12-", and in Arabic showed "-2026-12".
 * `sentence` translates with the time it is given.
 */
export function DateTimeInSentence({
  value,
  sentence,
}: {
  value: string | null | undefined;
  sentence: (time: string) => string;
}) {
  const [before = '', ...rest] = sentence(TIME_MARK).split(TIME_MARK);
  if (rest.length === 0) {
    return before;
  }
  // One element for the same reason as DateTimeText: in a flex container the sentence's words stood in a column
  // beside the date ("Returns / possible / until").
  return (
    <span>
      {before}
      <DateTimeText value={value} />
      {rest.join('')}
    </span>
  );
}
