import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const TX_PASSWORD_PATH = '/userInfo/setup/transaction-password';

/**
 * The transaction password's page, coming back to `returnTo` (the payment, withdrawal or repayment that asked for
 * it) once it is set; `isForgot` opens it on setting a new one with a code.
 */
export function txPasswordPath(returnTo: string, isForgot = false): string {
  const params = new URLSearchParams();
  if (isForgot) {
    params.set('mode', 'forgot');
  }
  params.set('redirect', returnTo);
  return `${TX_PASSWORD_PATH}?${params.toString()}`;
}

/** "Forgot your transaction password?" beside a field that asks for it. */
export function ForgotTxPasswordLink({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('common');
  return <Link to={txPasswordPath(returnTo, true)}>{t('txPassword.forgot')}</Link>;
}
