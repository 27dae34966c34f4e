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
  isWholePage = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /**
   * The card is the whole page (the consoles' log-in screens, outside the storefront's layout and its <main>): its
   * wrapper is then the page's main landmark, so assistive technology can jump to it.
   */
  isWholePage?: boolean;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = brandedTitle(title, t('brand'));
  }, [title, t]);
  const Wrapper = isWholePage ? 'main' : 'div';
  return (
    <Wrapper
      className={isWholePage ? 'cv-auth cv-auth--page' : 'cv-auth'}
      id={isWholePage ? 'main' : undefined}
    >
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
    </Wrapper>
  );
}
