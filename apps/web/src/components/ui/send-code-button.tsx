import type { TSendCodeRequest, TSendCodeResponse } from '@caravan/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { SESSION_KEYS, sessionDeadlineLeft, writeSessionDeadline } from '../../lib/storage';
import { toast, toastError } from '../../lib/toast';

/**
 * The name a code's cooldown is kept under: its purpose and where it goes, as the server keys it (the e-mail, the
 * number, the account typed; nothing for the logged-in user's own transaction password).
 */
export function codeCooldownName(request: TSendCodeRequest): string {
  const { purpose, ...target } = request;
  const typed = Object.values(target).map((value) =>
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
  return [purpose, ...typed].join('|');
}

function secondsLeftFor(name: string): number {
  return Math.ceil(sessionDeadlineLeft(SESSION_KEYS.codeCooldowns, name) / 1000);
}

/**
 * "Send code" with the SPEC §9 cooldown counted down on the button. `typedRequest` is the request as the form
 * holds it now (unchecked): the button shows the cooldown of a code already sent there, also after a reload of the
 * tab. `buildRequest` returns the checked request, or null when the form's own fields are not valid yet (the form
 * shows why).
 */
export function SendCodeButton({
  typedRequest,
  buildRequest,
  onSent,
  onFailed,
}: {
  typedRequest: TSendCodeRequest;
  buildRequest: () => TSendCodeRequest | null;
  onSent?: (sent: TSendCodeResponse) => void;
  /** Shows a refusal where it belongs (beside the field it is about); without it, a toast. */
  onFailed?: (error: unknown) => void;
}) {
  const { t } = useTranslation('services');
  const typedName = codeCooldownName(typedRequest);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  // Read after mounting (storage is the browser's) and again whenever the target typed changes.
  useEffect(() => {
    setSecondsLeft(secondsLeftFor(typedName));
  }, [typedName]);

  useEffect(() => {
    if (secondsLeft <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeftFor(typedName)), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, typedName]);

  const startCooldown = (request: TSendCodeRequest, seconds: number) => {
    const name = codeCooldownName(request);
    writeSessionDeadline(SESSION_KEYS.codeCooldowns, name, Date.now() + seconds * 1000);
    if (name === typedName) {
      setSecondsLeft(seconds);
    }
  };

  const send = async () => {
    const request = buildRequest();
    if (!request) {
      return;
    }
    setIsSending(true);
    try {
      const sent = await api.post<TSendCodeResponse>('/verification/codes', request);
      startCooldown(request, sent.cooldownSeconds);
      toast.success(t('code.sentTo', { to: sent.sentTo }));
      onSent?.(sent);
    } catch (error) {
      if (isApiError(error) && typeof error.details.retryAfterSeconds === 'number') {
        startCooldown(request, error.details.retryAfterSeconds);
      }
      if (onFailed) {
        onFailed(error);
      } else {
        toastError(error, t('code.failed'));
      }
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={isSending} disabled={secondsLeft > 0}>
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.send')}
    </Button>
  );
}
