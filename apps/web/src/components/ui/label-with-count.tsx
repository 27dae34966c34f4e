/**
 * A menu label with an unread count beside it (user centre, consoles): the count is read out as
 * "Label (3)" and shown as the same red pill as the header's badges; nothing is shown for zero.
 */
export function LabelWithCount({ label, count }: { label: string; count: number }) {
  return (
    <span className="cv-menu-count">
      <span className="cv-menu-count__label">{label}</span>
      {count > 0 && (
        <>
          <span className="cv-visually-hidden"> ({count})</span>
          <span className="cv-count-badge cv-count-badge--inline" aria-hidden="true" dir="ltr">
            {count > 99 ? '99+' : count}
          </span>
        </>
      )}
    </span>
  );
}
