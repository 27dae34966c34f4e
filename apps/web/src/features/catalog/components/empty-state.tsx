import { Link } from 'react-router';

/** An empty list always offers a next step (DESIGN.md). */
export function EmptyState({
  title,
  text,
  actionLabel,
  actionTo = '/commodity',
}: {
  title: string;
  text?: string;
  actionLabel: string;
  actionTo?: string;
}) {
  return (
    <div className="cv-empty" data-testid="empty-state">
      <p className="cv-empty__title">{title}</p>
      {text && <p className="cv-empty__text">{text}</p>}
      <Link to={actionTo} className="cv-empty__link">
        {actionLabel}
      </Link>
    </div>
  );
}
