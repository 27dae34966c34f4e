import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useInAppLinkHandler } from '../../lib/in-app-link';

/**
 * A link to a page of the app that looks like a button: one anchor, one tab stop, opened in the app (or in a new
 * tab with a modifier key). A react-router Link around a Button was a button inside a link: invalid HTML, two tab
 * stops for one action, and a screen reader announced both.
 */
export function ButtonLink({
  to,
  onClick,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & {
  to: string;
  /** Runs before the app opens the page (e.g. to close the dialog the link is in). */
  onClick?: () => void;
}) {
  const onOpen = useInAppLinkHandler();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.();
        onOpen(event);
      }}
    />
  );
}
