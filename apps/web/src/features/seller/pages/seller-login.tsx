import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth/auth-card';
import { LoginForm } from '../../../components/auth/login-form';
import { readConsoleRedirect } from '../../../components/console/console-redirect';
import { fetchSellerMe, loginSeller, SELLER_ME_KEY } from '../api/seller-session';

export default function SellerLoginPage() {
  const { t } = useTranslation(['seller', 'auth']);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} isWholePage>
      <LoginForm
        onSubmit={async (body) => {
          await loginSeller(body);
          // The log-in answer has no store: read it (and confirm the seller cookie) through /seller/auth/me.
          queryClient.setQueryData(SELLER_ME_KEY, await fetchSellerMe());
          await navigate(readConsoleRedirect(location.search, '/seller'), { replace: true });
        }}
      />
      <div className="cv-auth__links">
        <Link to="/merchantSettled">{t('login.becomeMerchant')}</Link>
        <Link to="/index">{t('login.backToShop')}</Link>
      </div>
    </AuthCard>
  );
}
