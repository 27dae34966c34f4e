import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth/auth-card';

/** Password reset goes through customer service, who verify the account owner before resetting. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AuthCard title={t('forgot.title')}>
      <p>{t('forgot.body')}</p>
      <ol className="cv-steps">
        <li>{t('forgot.step1')}</li>
        <li>{t('forgot.step2')}</li>
        <li>{t('forgot.step3')}</li>
      </ol>
      <div className="cv-auth__links">
        <Link to="/help/service-policy">{t('forgot.contact')}</Link>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
