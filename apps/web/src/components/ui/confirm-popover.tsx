import { Popconfirm, type PopconfirmProps } from 'antd';
import { useRef } from 'react';

/**
 * Ant Design's Popconfirm, usable from the keyboard: opening it moves the focus to Cancel (a second Enter does not
 * delete), Escape closes it, and closing it gives the focus back to what had it when it opened, when that is still
 * there. Before, the focus stayed on the opening button and the popup's buttons came about fifty Tab presses later.
 */
export function ConfirmPopover({ cancelButtonProps, onOpenChange, ...props }: PopconfirmProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Popconfirm
      {...props}
      destroyOnHidden
      cancelButtonProps={{ autoFocus: true, ...cancelButtonProps }}
      onOpenChange={(isOpen) => {
        onOpenChange?.(isOpen);
        if (isOpen) {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          return;
        }
        const back = opener.current;
        opener.current = null;
        // After the popup's own handling; an opener the action removed (a deleted row) is simply gone.
        setTimeout(() => {
          if (back?.isConnected) {
            back.focus();
          }
        });
      }}
    />
  );
}
