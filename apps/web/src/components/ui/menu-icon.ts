import type { DashboardOutlined } from '@ant-design/icons';

/**
 * An Ant Design icon as a component, for menus that draw it beside the entry's text: the menu renders it
 * `aria-hidden` in one place (the icon would otherwise say its English name, "dashboard", before the text).
 */
export type TMenuIcon = typeof DashboardOutlined;
