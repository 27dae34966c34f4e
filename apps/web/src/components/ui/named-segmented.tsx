import { Segmented, type SegmentedProps } from 'antd';

/**
 * Ant Design's Segmented with a name in the reader's language and one tab stop. Its group is otherwise labelled
 * "segmented control", in English whatever the language, and is a tab stop of its own where the arrow keys do
 * nothing, before the chosen option's radio where they work (react-component/segmented#343).
 */
export function NamedSegmented<T extends string | number>({
  label,
  ...props
}: SegmentedProps<T> & {
  /** What is chosen (a period, what to show): read out with the chosen option. */
  label: string;
}) {
  return <Segmented<T> {...props} aria-label={label} tabIndex={-1} />;
}
