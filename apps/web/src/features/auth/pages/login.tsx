import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth/auth-card';
import { LoginForm } from '../../../components/auth/login-form';
import { readSafeRedirect, setSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { loginBuyer } from '../api/auth-api';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        onSubmit={async (body) => {
          const { user } = await loginBuyer(body);
          setSession({ userInfo: user });
          toast.success(t('common:success.loginSucceeded'));
          await navigate(readSafeRedirect(location.search), { replace: true });
        }}
      />
      <div className="cv-auth__links">
        <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
        <span>
          {t('login.noAccount')} <Link to={`/register${location.search}`}>{t('login.toRegister')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
