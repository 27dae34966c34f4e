import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotFoundStatus } from '../../../app/page-status';
import { PageFrame } from '../../../components/ui/page-frame';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useNotFoundStatus();
  return (
    <PageFrame titleKey="routes.notFound">
      <div className="cv-empty">
        <p>{t('notFound.body')}</p>
        <Link to="/index">{t('notFound.home')}</Link>
      </div>
    </PageFrame>
  );
}
