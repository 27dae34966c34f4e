import { MailOutlined } from '@ant-design/icons';
import { type FormEvent, type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../../components/ui/light-button';
import { LogoGlyph } from '../../components/ui/logo';
import { CoinLogo, PaymentPartnerLogos } from '../../components/ui/payment-logos';
import { api, isApiError } from '../../lib/api';
import { isolateLtr } from '../../lib/bidi';
import { useInAppLinkHandler } from '../../lib/in-app-link';
import { buildLoginPath, isLoggedIn, useSession } from '../../lib/session';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useRenderYear } from '../render-year';

/** The year Caravan's copyright starts. */
const FIRST_YEAR = 2023;

/** "2023–2026", one left-to-right run: in an Arabic sentence a bare range read "2026–2023". */
export function copyrightYears(year: number): string {
  return year > FIRST_YEAR ? isolateLtr(`${FIRST_YEAR}–${year}`) : String(FIRST_YEAR);
}

const HELP_LINKS = [
  { to: '/help/buyer-rules', labelKey: 'footer.buyerRules' },
  { to: '/help/service-policy', labelKey: 'footer.servicePolicy' },
  { to: '/help/seller-policy', labelKey: 'footer.sellerPolicy' },
  { to: '/forgot-password', labelKey: 'footer.forgotPassword' },
  { to: '/download', labelKey: 'footer.download' },
] as const;

const POLICY_LINKS = [
  { to: '/privacy-policy', labelKey: 'footer.privacyPolicy' },
  { to: '/return-policy', labelKey: 'footer.returnPolicy' },
  { to: '/delivery', labelKey: 'footer.delivery' },
  { to: '/shipping-policy', labelKey: 'footer.shippingPolicy' },
  { to: '/help/modern-slavery', labelKey: 'footer.modernSlavery' },
] as const;

const USER_CENTRE_LINKS = [
  { to: '/userInfo/my-order', labelKey: 'footer.orderTracking' },
  { to: '/userInfo/collect-goods', labelKey: 'footer.collections' },
  { to: '/userInfo/money-package', labelKey: 'footer.wallet' },
] as const;

const ABOUT_LINKS = [
  { to: '/about', labelKey: 'footer.aboutUs' },
  { to: '/help/news', labelKey: 'footer.news' },
  { to: '/help/careers', labelKey: 'footer.careers' },
  { to: '/help/recruitment', labelKey: 'footer.recruitment' },
  { to: '/help/partners', labelKey: 'footer.partners' },
  { to: '/merchantSettled', labelKey: 'footer.merchantSettled' },
  // Sellers log in apart from their buyer account (SPEC §1); a logged-out seller found no way there.
  { to: '/seller/login', labelKey: 'footer.sellerLogin' },
] as const;

const PROMISES = ['promise.genuine', 'promise.returns', 'promise.freight', 'promise.securePayment'] as const;

function SubscriptionForm() {
  const { t } = useTranslation(['common', 'validation']);
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState('');
  // "Check your inbox to confirm" stays under the form until the address is edited: a toast vanished before it was
  // read, and the next step is the reader's (QA). So does a refusal ("already sent"), beside the address.
  const [pendingNote, setPendingNote] = useState('');
  const [isSending, setIsSending] = useState(false);
  // A double click subscribed twice: "Subscribed" and "already subscribed" stood side by side.
  const send = useOneAtATime(async () => {
    // The contract's rule is loaded on first use so zod stays out of the first page load.
    const { zSubscriptionEmail } = await import('@caravan/contracts');
    const parsed = zSubscriptionEmail.safeParse(email);
    if (!parsed.success) {
      setFieldError(t(`validation:${parsed.error.issues[0]?.message ?? 'subscriptionEmail'}`));
      return;
    }
    setFieldError('');
    setIsSending(true);
    try {
      await api.post('/subscriptions', { email: parsed.data });
      setPendingNote(t('footer.subscribePending'));
      setEmail('');
    } catch (error) {
      setFieldError(isApiError(error) ? error.message : t('errors.generic'));
    } finally {
      setIsSending(false);
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  return (
    <form className="cv-subscribe" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="cv-subscribe__label">
        {t('footer.subscribeTitle')}
      </label>
      <p className="cv-subscribe__hint">{t('footer.subscribeHint')}</p>
      <div className="cv-subscribe__row">
        <span className={`cv-input-wrap${fieldError ? ' is-invalid' : ''}`}>
          <MailOutlined aria-hidden="true" className="cv-input-wrap__prefix" />
          <input
            id={inputId}
            className="cv-input-wrap__input"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setPendingNote('');
            }}
            placeholder={t('footer.emailPlaceholder')}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
            maxLength={64}
            autoComplete="email"
          />
        </span>
        <LightButton variant="primary" htmlType="submit" isLoading={isSending}>
          {t('footer.subscribe')}
        </LightButton>
      </div>
      {fieldError && (
        <div id={`${inputId}-error`} className="cv-field-error" role="alert">
          {fieldError}
        </div>
      )}
      <p className="cv-subscribe__hint" role="status">
        {pendingNote}
      </p>
    </form>
  );
}

/** Plain anchors sharing the footer's one in-app link handler (lib/in-app-link.ts): the footer is on every page. */
function LinkColumn({
  titleKey,
  links,
  onOpen,
}: {
  titleKey: string;
  links: readonly { to: string; labelKey: string }[];
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <nav className="cv-footer__col" aria-label={t(titleKey)}>
      <h2>{t(titleKey)}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to} onClick={onOpen}>
              {t(link.labelKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation('common');
  const year = useRenderYear();
  const session = useSession();
  const hasSession = isLoggedIn(session);
  const onOpen = useInAppLinkHandler();
  const userCentreLinks = USER_CENTRE_LINKS.map((link) => ({
    ...link,
    to: hasSession ? link.to : buildLoginPath(link.to),
  }));
  return (
    <footer className="cv-footer">
      <div className="cv-footer__promises">
        <ul className="cv-container">
          {PROMISES.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </div>
      <div className="cv-container cv-footer__grid">
        <div className="cv-footer__brand">
          <div className="cv-footer__logo">
            <LogoGlyph size={32} />
            <span>{t('brand')}</span>
          </div>
          <p>{t('footer.tagline')}</p>
          <p>
            {t('footer.contact')}{' '}
            <a href="/help/service-policy" onClick={onOpen}>
              {t('footer.contactLink')}
            </a>
          </p>
          <SubscriptionForm />
        </div>
        <LinkColumn titleKey="footer.help" links={HELP_LINKS} onOpen={onOpen} />
        <LinkColumn titleKey="footer.policies" links={POLICY_LINKS} onOpen={onOpen} />
        <LinkColumn titleKey="footer.userCentre" links={userCentreLinks} onOpen={onOpen} />
        <LinkColumn titleKey="footer.about" links={ABOUT_LINKS} onOpen={onOpen} />
      </div>
      <div className="cv-container cv-footer__payments">
        <h2 className="cv-visually-hidden">{t('footer.payments')}</h2>
        <PaymentPartnerLogos />
        <ul className="cv-coins" aria-label={t('footer.coins')}>
          <li>
            <CoinLogo coin="USDT" />
          </li>
          <li>
            <CoinLogo coin="ETH" />
          </li>
          <li>
            <CoinLogo coin="BTC" />
          </li>
        </ul>
      </div>
      <div className="cv-footer__copyright">{t('footer.copyright', { year: copyrightYears(year) })}</div>
    </footer>
  );
}
