import { CloseCircleFilled } from '@ant-design/icons';
import { type ReactElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The clear button's icon of a field, named in the page's language: Ant Design's own is named after its picture
 * ("close-circle") in English. Selects and date fields get it from AntdScope; a text field takes
 * `allowClear={{ clearIcon }}`.
 */
export function useClearIcon(): ReactElement {
  const { t } = useTranslation('common');
  const label = t('actions.clear');
  return useMemo(() => <CloseCircleFilled aria-label={label} />, [label]);
}

/**
 * A pick-list's `allowClear`: its clear button is named "Clear" in English whatever the icon inside says (Ant Design's
 * default label), so the label goes with the icon. Ant Design's context cannot give it: a context `allowClear` would
 * make every pick-list clearable.
 */
export function useSelectClear(): { clearIcon: ReactElement; label: string } {
  const { t } = useTranslation('common');
  const clearIcon = useClearIcon();
  const label = t('actions.clear');
  return useMemo(() => ({ clearIcon, label }), [clearIcon, label]);
}
