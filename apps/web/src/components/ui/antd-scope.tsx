import {
  CalendarOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  DownOutlined,
  EllipsisOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { type ComponentType, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readCspNonce } from '../../lib/csp-nonce';
import { THEME } from '../../lib/theme';
import { useClearIcon } from './clear-icon';
import { UiSettingsContext } from './ui-settings';

/**
 * Ant Design's injected styles carry the page's CSP nonce (lib/csp-nonce.ts). On the server there is none:
 * the styles of a server-rendered page get theirs when the page is sent (server http/security-headers.ts).
 */
export const CSP_CONFIG = { nonce: readCspNonce() };

/**
 * Buttons show this spinner without Ant Design's width animation: when a request answered before that
 * animation finished, the hidden spinner stayed in the button for good and its label "loading" became
 * part of the button's accessible name ("loading Log in").
 */
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined aria-hidden /> };

// Ant Design's static functions render outside every scope: the toast fallback (lib/toast.ts) gets the nonce and theme
// here. Their own outer provider still injects the default theme's variables without a nonce, which the policy
// refuses: dialogs use `Modal.useModal()` inside the page, never `Modal.confirm` (e2e tests fail on a refusal).
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={THEME} csp={CSP_CONFIG}>
      {children}
    </ConfigProvider>
  ),
});

/** A state shown by colour and text beside it: the icon only repeats it. */
const STATE_ICONS = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};

/**
 * The icons Ant Design puts inside its controls, named in the page's language or hidden from assistive
 * technology where the control already says what they show. By default each is named after its picture, in
 * English whatever the language: a screen reader read "down" beside every select, "close-circle" on a date
 * field's clear button, "info-circle" before a notice. The pager's arrows are DataTable's (data-table.tsx).
 */
function useControlIcons(): Pick<
  ConfigProviderProps,
  'select' | 'datePicker' | 'timePicker' | 'alert' | 'modal' | 'tabs'
> {
  const { t } = useTranslation('common');
  const clearIcon = useClearIcon();
  const moreLabel = t('actions.more');
  return useMemo(
    () => ({
      select: {
        suffixIcon: <DownOutlined aria-hidden />,
        clearIcon,
        loadingIcon: <LoadingOutlined spin aria-hidden />,
      },
      datePicker: { suffixIcon: <CalendarOutlined aria-hidden />, clearIcon },
      timePicker: { suffixIcon: <ClockCircleOutlined aria-hidden />, clearIcon },
      alert: STATE_ICONS,
      modal: STATE_ICONS,
      tabs: { more: { icon: <EllipsisOutlined aria-label={moreLabel} /> } },
    }),
    [clearIcon, moreLabel],
  );
}

/**
 * The messages of Ant Design's own form rules (`required`, `whitespace`, `max`, `type: 'email'`), in the words the contract's checks use.
 * Ant Design's built from the field's label ("Please enter Category" for a pick-list, "Contact e-mail is not a valid
 * email") read unlike every other message of the form.
 */
function useFormConfig(): ConfigProviderProps['form'] {
  const { t } = useTranslation('validation');
  return useMemo(
    () => ({
      validateMessages: {
        required: t('required'),
        // `whitespace: true` beside `required`: a field of spaces only is as empty as an empty one.
        whitespace: t('required'),
        string: { max: t('tooLong') },
        types: { email: t('subscriptionEmail') },
      },
    }),
    [t],
  );
}

/**
 * Ant Design's theme, locale and reading direction around what uses Ant Design: every page outside the public
 * storefront (router.tsx wraps them) and the storefront's lazy widgets (cart drawer, chat dialog, search panel,
 * toasts). The public pages themselves are built from light own components so their first load has no Ant
 * Design (docs/decisions.md, web vitals).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { direction, antdLocale } = useContext(UiSettingsContext);
  const controlIcons = useControlIcons();
  const form = useFormConfig();
  return (
    <ConfigProvider
      {...controlIcons}
      form={form}
      theme={THEME}
      locale={antdLocale}
      direction={direction}
      button={BUTTON_CONFIG}
      csp={CSP_CONFIG}
    >
      {children}
    </ConfigProvider>
  );
}

const scoped = new WeakMap<ComponentType<never>, ComponentType<never>>();

/** The component inside AntdScope (one wrapper per component, so its identity is stable). */
export function withAntdScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  let wrapper = scoped.get(Component as ComponentType<never>) as ComponentType<P> | undefined;
  if (!wrapper) {
    const Scoped = (props: P) => (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
    Scoped.displayName = `AntdScope(${Component.displayName ?? Component.name ?? 'Component'})`;
    wrapper = Scoped;
    scoped.set(Component as ComponentType<never>, wrapper as ComponentType<never>);
  }
  return wrapper;
}
