import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotFoundStatus } from '../../../app/page-status';

/** Unknown product or store, or goods taken off the shelf: say so and offer a way on. */
export function NotFoundState({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation('catalog');
  useNotFoundStatus();
  return (
    <div className="cv-state" role="status" data-testid={testId}>
      <h2 className="cv-empty__title">{title}</h2>
      <p className="cv-empty__text">{text}</p>
      <Link to="/commodity" className="cv-empty__link">
        {t('empty.browseAll')}
      </Link>{' '}
      <Link to="/index">{t('empty.home')}</Link>
    </div>
  );
}
