// biome-ignore lint/style/noRestrictedImports: the wrapper every detail drawer is
import { ConfigProvider, Drawer, type DrawerProps } from 'antd';
import { useContext } from 'react';
import { useReturnFocus } from './use-return-focus';

/**
 * A detail drawer that opens from the end of the reading direction: the right in left-to-right languages, the left
 * in Arabic (DESIGN.md: the layout mirrors). Ant Design's Drawer opens from the right whatever the direction.
 * Closed, it gives the focus back to what opened it. On a narrow screen the header's `extra` (a review's decisions)
 * goes below the title (global.css, `.cv-end-drawer`).
 */
export function EndDrawer({ rootClassName, ...props }: DrawerProps) {
  const { direction } = useContext(ConfigProvider.ConfigContext);
  useReturnFocus(props.open);
  return (
    <Drawer
      placement={direction === 'rtl' ? 'left' : 'right'}
      rootClassName={rootClassName ? `cv-end-drawer ${rootClassName}` : 'cv-end-drawer'}
      {...props}
    />
  );
}
