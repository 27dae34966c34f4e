/** The left-to-right values a dictionary isolates in a sentence (LRI … PDI, as `isolateLtr` writes them). */
const ISOLATED_VALUE = /\u2066([^\u2069]*)\u2069/;

/**
 * A translated sentence whose isolated values ("HH:mm-HH:mm", "00:00-24:00") each stay on one line, left to right:
 * in an Arabic cell the line broke after a value's hyphen, and the two halves then read in the wrong order. The values
 * keep their ASCII hyphens, so one copied from here is typed as the field expects (a non-breaking hyphen would not be).
 */
export function SentenceWithValues({ text }: { text: string }) {
  const parts = text.split(ISOLATED_VALUE);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
      <bdi key={index} dir="ltr" className="cv-nowrap">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}
