import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useClearIcon } from './clear-icon';

/**
 * Ant Design's search field with its buttons named in the page's language. Its own search button and clear
 * button take their names from their icons ("search", "close-circle"), in English whatever the language.
 */
export function SearchInput({ allowClear, ...props }: Omit<SearchProps, 'enterButton'>) {
  const { t } = useTranslation('common');
  const clearIcon = useClearIcon();
  return (
    <Input.Search
      {...props}
      enterButton={<Button aria-label={t('search.submit')} icon={<SearchOutlined aria-hidden />} />}
      {...(allowClear ? { allowClear: { clearIcon } } : {})}
    />
  );
}
