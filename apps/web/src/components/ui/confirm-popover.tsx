import { Popconfirm, type PopconfirmProps } from 'antd';
import { useRef } from 'react';
import { captureRemovalPlace, type TRemovalPlace } from './removal-focus';

/**
 * Ant Design's Popconfirm, usable from the keyboard: opening it moves the focus to Cancel (a second Enter does not
 * delete), Escape closes it, and closing it gives the focus back to what had it when it opened. Before, the focus
 * stayed on the opening button and the popup's buttons came about fifty Tab presses later. In a list marked with
 * REMOVAL_LIST_PROPS, a confirmed row's removal passes the focus on to its neighbour instead of dropping it.
 */
export function ConfirmPopover({ cancelButtonProps, onOpenChange, onConfirm, ...props }: PopconfirmProps) {
  const opener = useRef<HTMLElement | null>(null);
  const removalPlace = useRef<TRemovalPlace | null>(null);
  const isConfirmed = useRef(false);
  return (
    <Popconfirm
      {...props}
      destroyOnHidden
      cancelButtonProps={{ autoFocus: true, ...cancelButtonProps }}
      onConfirm={(event) => {
        isConfirmed.current = true;
        return onConfirm?.(event);
      }}
      onOpenChange={(isOpen) => {
        onOpenChange?.(isOpen);
        if (isOpen) {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          removalPlace.current = captureRemovalPlace(opener.current);
          isConfirmed.current = false;
          return;
        }
        const back = opener.current;
        const place = removalPlace.current;
        opener.current = null;
        removalPlace.current = null;
        // After the popup's own handling.
        setTimeout(() => {
          if (back?.isConnected) {
            back.focus();
          }
          if (isConfirmed.current) {
            place?.focusNeighbourOnceRemoved();
          }
        });
      }}
    />
  );
}
