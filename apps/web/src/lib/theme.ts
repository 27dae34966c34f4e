import type { ThemeConfig } from 'antd';

/** DESIGN.md colours as Ant Design tokens; pages never restyle these locally. */
export const COLORS = {
  primary: '#0F766E',
  accent: '#E4572E',
  /** The accent as text, and behind white text (AA contrast; global.css --cv-accent-text). */
  accentText: '#B23C17',
  success: '#15803D',
  warning: '#B45309',
  error: '#B91C1C',
  text: '#1F2937',
  /** The lightest text (hints, labels of descriptions): still AA on white and on the page. */
  textTertiary: '#5F6B7A',
  /** Placeholders: lighter than any entered text, still 4.8:1 on white. */
  textPlaceholder: '#6B7280',
  background: '#FFFFFF',
  page: '#F5F6F8',
} as const;

export const CONTENT_WIDTH = 1200;

/**
 * Ant Design keeps each preset shade under two names (`orange7` and `orange-7`); both map to the same CSS variable,
 * and the hyphenated one is written last, so an override must name both.
 */
const PRESET_TEXT_SHADES = Object.fromEntries(
  Object.entries({
    volcano: '#AD2102',
    orange: '#AD4E00',
    gold: '#874D00',
    green: '#237804',
    cyan: '#006D75',
  }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorLink: COLORS.primary,
    colorSuccess: COLORS.success,
    colorWarning: COLORS.warning,
    colorError: COLORS.error,
    colorInfo: COLORS.primary,
    colorText: COLORS.text,
    // Hints, descriptions' labels and help texts: Ant Design's rgba(0, 0, 0, 0.45) is 3.4:1 on white, below the
    // 4.5:1 DESIGN.md asks of every text; this grey is 5.4:1 on white and 5.0:1 on the page background.
    colorTextTertiary: COLORS.textTertiary,
    colorTextDescription: COLORS.textTertiary,
    colorTextPlaceholder: COLORS.textPlaceholder,
    // Light backgrounds of alerts and status tags. Ant Design derives them from the seed colours, and from these
    // dark seeds it made a grey-green and a grey-teal (#B4BFB6: the success tag's text was 2.6:1 on it) and a beige
    // the warning text was 4.3:1 on. The same hues, light: each status colour is 4.8-5.3:1 on its own.
    colorSuccessBg: '#F0FDF4',
    colorSuccessBorder: '#86EFAC',
    colorInfoBg: '#F0FDFA',
    colorInfoBorder: '#5EEAD4',
    colorWarningBg: '#FFFBEB',
    colorWarningBorder: '#FCD34D',
    // Tags of these preset colours write in shade 7 on shade 1, which is 2.8-4.4:1 for these five: one shade darker
    // (gold two) reaches 4.5:1. Shade 7 is used for little else.
    ...PRESET_TEXT_SHADES,
    colorBgContainer: COLORS.background,
    colorBgLayout: COLORS.page,
    borderRadius: 6,
    fontSize: 14,
    controlHeight: 34,
  },
  components: {
    // A table's "nothing here" line is text to read, not a disabled control: Ant Design writes it in the disabled
    // grey (1.8:1 on white).
    Table: { colorTextDisabled: COLORS.textTertiary },
    Layout: {
      headerBg: COLORS.background,
      bodyBg: COLORS.page,
      siderBg: COLORS.background,
      footerBg: '#10302D',
    },
    Menu: {
      itemBorderRadius: 4,
      itemSelectedBg: '#E6F4F2',
      itemSelectedColor: COLORS.primary,
      itemActiveBg: '#E6F4F2',
    },
  },
};
