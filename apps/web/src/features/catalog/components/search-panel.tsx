import { ClockCircleOutlined, DeleteOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuggestions } from '../api/suggest-search';
import { clearSearchHistory, useSearchHistory } from '../lib/search-history';
import '../catalog.css';
import './search-panel.css';

export type TSuggestOption =
  | { kind: 'goods'; id: string; name: string }
  | { kind: 'stores'; keyword: string }
  | { kind: 'history'; keyword: string };

type TSearchPanelProps = {
  listId: string;
  keyword: string;
  activeIndex: number;
  onOptionsChange: (options: TSuggestOption[]) => void;
  onChoose: (option: TSuggestOption) => void;
  onClose: () => void;
};

/** Suggestions while typing, or the history tags (newest first) with clear-all after a confirmation. */
export default function SearchPanel({
  listId,
  keyword,
  activeIndex,
  onOptionsChange,
  onChoose,
  onClose,
}: TSearchPanelProps) {
  const { t } = useTranslation('catalog');
  const history = useSearchHistory();
  const suggestions = useSuggestions(keyword);
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);

  const options = useMemo<TSuggestOption[]>(() => {
    if (keyword === '') {
      return history.map((item) => ({ kind: 'history', keyword: item }));
    }
    const data = suggestions.data;
    if (!data || data.keyword !== keyword) {
      return [];
    }
    const goods = data.goods.map((item): TSuggestOption => ({ kind: 'goods', id: item.id, name: item.name }));
    return data.storesEntry ? [...goods, { kind: 'stores', keyword }] : goods;
  }, [keyword, history, suggestions.data]);

  useEffect(() => {
    onOptionsChange(options);
  }, [options, onOptionsChange]);

  if (keyword === '' && history.length === 0) {
    return null;
  }
  const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the search input while an option is clicked
    <div className="cv-suggest" data-testid="search-panel" onMouseDown={keepFocus}>
      {keyword === '' ? (
        <>
          <div className="cv-suggest__head">
            <span>{t('search.history')}</span>
            {!isConfirmingClear && (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => setIsConfirmingClear(true)}
              >
                {t('search.clearHistory')}
              </Button>
            )}
          </div>
          {isConfirmingClear && (
            <div
              className="cv-suggest__confirm"
              role="alertdialog"
              aria-label={t('search.clearHistoryConfirm')}
            >
              <span>{t('search.clearHistoryConfirm')}</span>
              <span className="cv-suggest__confirm-actions">
                <Button size="small" onClick={() => setIsConfirmingClear(false)}>
                  {t('actions.cancel')}
                </Button>
                <Button
                  size="small"
                  danger
                  type="primary"
                  onClick={() => {
                    clearSearchHistory();
                    setIsConfirmingClear(false);
                    onClose();
                  }}
                >
                  {t('search.clearHistoryYes')}
                </Button>
              </span>
            </div>
          )}
          <div id={listId} className="cv-suggest__tags" role="listbox" aria-label={t('search.history')}>
            {options.map((option, index) =>
              option.kind === 'history' ? (
                <div
                  key={option.keyword}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  className={`cv-chip${index === activeIndex ? ' is-active' : ''}`}
                  title={option.keyword}
                  onClick={() => onChoose(option)}
                  onKeyDown={() => undefined}
                >
                  <ClockCircleOutlined aria-hidden="true" /> <bdi>{option.keyword}</bdi>
                </div>
              ) : null,
            )}
          </div>
        </>
      ) : (
        <div id={listId} className="cv-suggest__list" role="listbox" aria-label={t('search.suggestions')}>
          {suggestions.isFetching && options.length === 0 && (
            <div className="cv-suggest__note" aria-live="polite">
              {t('states.loading')}
            </div>
          )}
          {!suggestions.isFetching && options.length === 0 && (
            <div className="cv-suggest__note">{t('search.noSuggestions')}</div>
          )}
          {options.map((option, index) => (
            <div
              key={option.kind === 'goods' ? `g${option.id}` : option.kind}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={`cv-suggest__item${index === activeIndex ? ' is-active' : ''}`}
              onClick={() => onChoose(option)}
              onKeyDown={() => undefined}
            >
              {option.kind === 'goods' ? (
                <>
                  <SearchOutlined aria-hidden="true" /> <bdi>{option.name}</bdi>
                </>
              ) : (
                <>
                  <ShopOutlined aria-hidden="true" />{' '}
                  {t('search.searchStoresFor', { keyword: option.kind === 'stores' ? option.keyword : '' })}
                </>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
