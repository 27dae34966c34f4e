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
