/** Icon sizes in CSS pixels: the home page's chips and the classification page's list of top-level categories. */
export const CATEGORY_ICON_SIZE = { chip: 24, nav: 28 } as const;

/**
 * A category's icon beside its name: decorative (the name is written next to it, so alt is empty), its size given so
 * nothing moves when it arrives. Nothing for a category without one; `hasPlaceholder` keeps its place empty instead, so
 * the names of a list stay in one column.
 */
export function CategoryIcon({
  src,
  size,
  hasPlaceholder = false,
}: {
  src: string;
  size: number;
  hasPlaceholder?: boolean;
}) {
  if (!src) {
    return hasPlaceholder ? (
      <span
        className="cv-cat-icon cv-cat-icon--empty"
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
    ) : null;
  }
  return <img className="cv-cat-icon" src={src} alt="" width={size} height={size} decoding="async" />;
}
