import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { useUserSearch } from '../api/search-users';

const ID_PATTERN = /^\d{1,19}$/;

/**
 * Picks a user by username, e-mail, phone or user code (searched through the users list), or by typing the
 * numeric user id directly (staff without users.read can still filter). The value is the user id.
 */
export function UserPicker({
  value,
  valueLabel,
  onChange,
  id,
}: {
  value: string | undefined;
  /** How to show `value` when it was chosen elsewhere (a name clicked in the table), not from the search. */
  valueLabel?: string | undefined;
  onChange: (userId: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('finance');
  const selectClear = useSelectClear();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const search = useUserSearch(deferred);
  const found = (search.data?.pageList ?? []).map((user) => ({
    value: user.id,
    label: `${user.username ?? user.email ?? user.phone ?? user.usercode} · ${user.usercode} (#${user.id})`,
  }));
  const typedId =
    ID_PATTERN.test(deferred) && !found.some((option) => option.value === deferred)
      ? [{ value: deferred, label: t('filters.userId', { id: deferred }) }]
      : [];
  const current =
    value && !found.some((o) => o.value === value) && !typedId.some((o) => o.value === value)
      ? [{ value, label: valueLabel ?? t('filters.userId', { id: value }) }]
      : [];
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={selectClear}
      value={value}
      placeholder={t('filters.user')}
      notFoundContent={deferred.length >= 2 && !search.isFetching ? t('filters.noUser') : null}
      loading={search.isFetching}
      options={[...current, ...typedId, ...found]}
      onChange={(next: string | undefined) => onChange(next || undefined)}
      style={{ minWidth: 240 }}
      aria-label={t('filters.user')}
    />
  );
}
