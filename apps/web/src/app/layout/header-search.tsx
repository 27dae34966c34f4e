import { SearchOutlined } from '@ant-design/icons';
import { KEYWORD_WARNING_MS } from '@caravan/contracts/constants';
import { type FormEvent, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LightButton } from '../../components/ui/light-button';
import { toast } from '../../lib/toast';

/** The header search text is shared state: logout clears it (SPEC §4) and result pages may prefill it. */
let searchText = '';
const searchListeners = new Set<() => void>();

export function setSearchText(next: string): void {
  searchText = next;
  for (const listener of searchListeners) {
    listener();
  }
}

export function useSearchText(): string {
  return useSyncExternalStore(
    (listener) => {
      searchListeners.add(listener);
      return () => searchListeners.delete(listener);
    },
    () => searchText,
    () => '',
  );
}

/** SPEC §2: the keyword travels JSON-encoded in `k`. */
export function buildSearchGoodsPath(keyword: string): string {
  return `/searchGoods?k=${encodeURIComponent(JSON.stringify(keyword))}`;
}

export function HeaderSearch() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const value = useSearchText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = value.trim();
    if (!keyword) {
      toast.warning(t('search.enterKeyword'), KEYWORD_WARNING_MS / 1000);
      return;
    }
    void navigate(buildSearchGoodsPath(keyword));
  };
  return (
    <search className="cv-search-wrap">
      <form className="cv-search" onSubmit={submit}>
        <span className="cv-input-wrap cv-search__field">
          <input
            className="cv-input-wrap__input"
            value={value}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            maxLength={100}
          />
        </span>
        <LightButton
          variant="primary"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden="true" />}
          aria-label={t('search.submit')}
        >
          <span className="cv-hide-narrow">{t('search.submit')}</span>
        </LightButton>
      </form>
    </search>
  );
}
