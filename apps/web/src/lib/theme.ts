import type { ThemeConfig } from 'antd';

/** DESIGN.md colours as Ant Design tokens; pages never restyle these locally. */
export const COLORS = {
  primary: '#0F766E',
  accent: '#E4572E',
  success: '#15803D',
  warning: '#B45309',
  error: '#B91C1C',
  text: '#1F2937',
  background: '#FFFFFF',
  page: '#F5F6F8',
} as const;

export const CONTENT_WIDTH = 1200;

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorLink: COLORS.primary,
    colorSuccess: COLORS.success,
    colorWarning: COLORS.warning,
    colorError: COLORS.error,
    colorInfo: COLORS.primary,
    colorText: COLORS.text,
    colorBgContainer: COLORS.background,
    colorBgLayout: COLORS.page,
    borderRadius: 6,
    fontSize: 14,
    controlHeight: 34,
  },
  components: {
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
