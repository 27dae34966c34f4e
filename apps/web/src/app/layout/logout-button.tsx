import { LogoutOutlined } from '@ant-design/icons';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../../components/ui/light-button';

/**
 * The header's Log out, which asks first (DESIGN: destructive actions confirm): on a phone its icon sat 4 px from
 * Customer service and one stray tap ended the session. Hand-made, not Ant Design's Popconfirm: the header is on
 * every first page load, which carries no Ant Design code. The question opens with the focus on Cancel (a second
 * Enter does not log out), keeps Tab between its two buttons, and Escape or a tap outside closes it, giving the
 * focus back to Log out.
 */
export function LogoutButton({ onLogout }: { onLogout: () => Promise<void> }) {
  const { t } = useTranslation('common');
  const [isOpen, setIsOpen] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const close = (isFocusReturned: boolean) => {
    setIsOpen(false);
    if (isFocusReturned) {
      openerRef.current?.focus();
    }
  };

  useEffect(() => {
    if (!isOpen) {
      return;
    }
    cancelRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== 'Tab') {
      return;
    }
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div ref={rootRef} className="cv-logout">
      <LightButton
        ref={openerRef}
        variant="text"
        size="small"
        className="cv-logout__button"
        icon={<LogoutOutlined aria-hidden="true" />}
        aria-label={t('header.logout')}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((wasOpen) => !wasOpen)}
      >
        <span className="cv-hide-narrow">{t('header.logout')}</span>
      </LightButton>
      {isOpen && (
        <div
          className="cv-logout__confirm"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          aria-describedby={bodyId}
          onKeyDown={keepFocusInside}
        >
          <p id={titleId} className="cv-logout__title">
            {t('header.logoutConfirm')}
          </p>
          <p id={bodyId} className="cv-logout__body">
            {t('header.logoutConfirmBody')}
          </p>
          <div className="cv-logout__actions">
            <LightButton ref={cancelRef} onClick={() => close(true)}>
              {t('actions.cancel')}
            </LightButton>
            <LightButton
              variant="primary"
              isLoading={isLoggingOut}
              onClick={async () => {
                setIsLoggingOut(true);
                try {
                  await onLogout();
                } finally {
                  setIsLoggingOut(false);
                  setIsOpen(false);
                }
              }}
            >
              {t('header.logout')}
            </LightButton>
          </div>
        </div>
      )}
    </div>
  );
}
