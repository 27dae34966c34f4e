import { useTranslation } from 'react-i18next';

/** The camel-and-route glyph; the word mark is text so it stays sharp and readable by screen readers. */
export function LogoGlyph({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="cv-logo-glyph"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#0F766E" />
      <path
        d="M13 39c0-6 3-9 7-9 1-7 8-7 9 0 1-7 8-7 9 0h4c1-5 3-9 7-9l4 1v3h-4c-2 2-2 7-4 14z"
        fill="#fff"
      />
      <path d="M18 38v8M23 38v8M37 38v8M42 38v8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M7 53c12-4 30 3 50-3"
        stroke="#F6C9A8"
        strokeWidth="3"
        strokeDasharray="4 4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({
  isCompact = false,
  isInverted = false,
}: {
  isCompact?: boolean;
  isInverted?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <span className={`cv-logo${isInverted ? ' cv-logo--inverted' : ''}`}>
      <LogoGlyph size={isCompact ? 28 : 36} />
      <span className="cv-logo__word">{t('brand')}</span>
    </span>
  );
}
