import type { TSendCodeRequest, TSendCodeResponse } from '@caravan/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';

/**
 * "Send code" with the SPEC §9 cooldown counted down on the button. `buildRequest` returns the request, or
 * null when the form's own fields are not valid yet (the form shows why).
 */
export function SendCodeButton({
  buildRequest,
  onSent,
}: {
  buildRequest: () => TSendCodeRequest | null;
  onSent?: (sent: TSendCodeResponse) => void;
}) {
  const { t } = useTranslation('services');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const request = buildRequest();
    if (!request) {
      return;
    }
    setIsSending(true);
    try {
      const sent = await api.post<TSendCodeResponse>('/verification/codes', request);
      setSecondsLeft(sent.cooldownSeconds);
      toast.success(t('code.sentTo', { to: sent.sentTo }));
      onSent?.(sent);
    } catch (error) {
      if (isApiError(error) && typeof error.details.retryAfterSeconds === 'number') {
        setSecondsLeft(error.details.retryAfterSeconds);
      }
      toastError(error, t('code.failed'));
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
