import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

type TLightButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'default' | 'primary' | 'danger' | 'text' | 'link';
  size?: 'middle' | 'small' | 'large';
  htmlType?: 'button' | 'submit';
  icon?: ReactNode;
  isLoading?: boolean;
  isIconOnly?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A plain button styled like Ant Design's (global.css `.cv-btn`), for what every first page load shows (header,
 * footer, home page): Ant Design's Button brings its style engine pieces and wave effect with it.
 */
export function LightButton({
  variant = 'default',
  size = 'middle',
  htmlType = 'button',
  icon,
  isLoading = false,
  isIconOnly = false,
  className,
  disabled,
  children,
  ...rest
}: TLightButtonProps) {
  const classes = [
    'cv-btn',
    `cv-btn--${variant}`,
    size === 'middle' ? '' : `cv-btn--${size}`,
    isIconOnly ? 'cv-btn--icon' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading}
    >
      {isLoading ? <LoadingOutlined aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
