import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { BACK_TO_TOP_PX } from '@caravan/contracts/constants';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Round floating action button in the page's end corner (mirrors in RTL). */
export function FloatingButton({
  label,
  icon,
  onClick,
  offset = 0,
  isPrimary = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  offset?: number;
  isPrimary?: boolean;
}) {
  return (
    <button
      type="button"
      className={`cv-float${isPrimary ? ' cv-float--primary' : ''}`}
      style={{ insetBlockEnd: 24 + offset }}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}

/** Appears after 100 px of scrolling (SPEC §2). */
export function BackToTop() {
  const { t } = useTranslation('common');
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    const update = () => setIsVisible(window.scrollY > BACK_TO_TOP_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!isVisible) {
    return null;
  }
  return (
    <FloatingButton
      label={t('backToTop')}
      icon={<VerticalAlignTopOutlined aria-hidden />}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
