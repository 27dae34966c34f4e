import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { brandedTitle } from '../../lib/page-title';
import { LogoGlyph } from '../ui/logo';

/** Centred card used by every log-in and registration screen (storefront and consoles). */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = brandedTitle(title, t('brand'));
  }, [title, t]);
  return (
    <div className="cv-auth">
      <div className="cv-auth__card">
        <div className="cv-auth__head">
          <LogoGlyph size={40} />
          <div>
            <h1 className="cv-auth__title">{title}</h1>
            {subtitle && <p className="cv-auth__subtitle">{subtitle}</p>}
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}
