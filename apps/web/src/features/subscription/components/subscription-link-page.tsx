import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LightButton } from '../../../components/ui/light-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { api, isApiError } from '../../../lib/api';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

type TStep =
  | { kind: 'reading' }
  | { kind: 'missing' }
  | { kind: 'ready'; token: string }
  | { kind: 'done'; messageKey: string }
  | { kind: 'failed'; token: string; message: string };

/** The shape of a mail link's token (subscriptions/service.ts); anything else is an incomplete copy of the link. */
const TOKEN_SHAPE = /^[\w-]{16}\.[\w-]{43}$/;

/**
 * A page opened from a subscription mail's link. The token is in the link's fragment, which browsers never send to
 * a server (no log, proxy or cache sees it); the page says what the button will do and posts the token in the body
 * only when the reader presses it, so a mail scanner opening the link changes nothing.
 */
export function SubscriptionLinkPage({
  titleKey,
  introKey,
  actionKey,
  apiPath,
  doneKey,
}: {
  titleKey: string;
  introKey: string;
  actionKey: string;
  apiPath: '/subscriptions/confirm' | '/subscriptions/unsubscribe';
  doneKey: (answer: unknown) => string;
}) {
  const { t } = useTranslation('common');
  const { hash } = useLocation();
  const [step, setStep] = useState<TStep>({ kind: 'reading' });
  const [isSending, setIsSending] = useState(false);

  // Read after mounting: the server's render has no fragment, and the first client render must match it.
  useEffect(() => {
    // base64url and a dot: nothing to decode.
    const token = hash.replace(/^#/, '').trim();
    setStep(TOKEN_SHAPE.test(token) ? { kind: 'ready', token } : { kind: 'missing' });
  }, [hash]);

  const send = useOneAtATime(async () => {
    if (step.kind !== 'ready' && step.kind !== 'failed') {
      return;
    }
    setIsSending(true);
    try {
      const answer = await api.post<unknown>(apiPath, { token: step.token });
      setStep({ kind: 'done', messageKey: doneKey(answer) });
    } catch (error) {
      setStep({
        kind: 'failed',
        token: step.token,
        message: isApiError(error) ? error.message : t('errors.generic'),
      });
    } finally {
      setIsSending(false);
    }
  });

  return (
    <PageFrame titleKey={titleKey}>
      <article className="cv-article">
        {step.kind === 'done' ? (
          <p role="status">{t(step.messageKey)}</p>
        ) : (
          <>
            <p className="cv-article__lead">{t(introKey)}</p>
            {step.kind === 'missing' ? (
              <p className="cv-field-error" role="alert">
                {t('subscriptionPage.missingToken')}
              </p>
            ) : (
              <LightButton
                variant="primary"
                isLoading={isSending}
                disabled={step.kind === 'reading'}
                onClick={() => void send()}
              >
                {t(actionKey)}
              </LightButton>
            )}
            {step.kind === 'failed' && (
              <p className="cv-field-error" role="alert">
                {step.message}
              </p>
            )}
          </>
        )}
      </article>
    </PageFrame>
  );
}
