import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { KEYWORD_WARNING_MS } from '@caravan/contracts/constants';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buildSearchGoodsPath, setSearchText, useSearchText } from '../../../app/layout/header-search';
import { LightButton } from '../../../components/ui/light-button';
import { scopeWithAntd } from '../../../lib/antd-lazy';
import { toast } from '../../../lib/toast';
import { searchAll } from '../api/search-all';
import { buildSearchStorePath } from '../lib/format';
import { rememberSearch } from '../lib/search-history';
import type { TSuggestOption } from './search-panel';

/** The panel (suggestions, history, clear-all) is its own chunk: the header is on every first load. */
const SearchPanel = lazy(() => scopeWithAntd(import('./search-panel')));

const SUGGEST_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Header search (SPEC §2, §4): suggestions while typing, a "search stores for" entry, history tags; submit goes to
 * goods results when any goods match, otherwise to store results.
 */
export function SearchBox() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const value = useSearchText();
  const keyword = useDebounced(value.trim(), SUGGEST_DEBOUNCE_MS);
  const [isOpen, setIsOpen] = useState(false);
  const [options, setOptions] = useState<TSuggestOption[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isSearching, setIsSearching] = useState(false);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const runSearch = async (raw: string) => {
    const text = raw.trim();
    if (!text) {
      toast.warning(t('search.enterKeyword'), KEYWORD_WARNING_MS / 1000);
      return;
    }
    rememberSearch(text);
    setSearchText(text);
    setIsOpen(false);
    setIsSearching(true);
    try {
      const found = await searchAll(text);
      await navigate(found.goodsList.length > 0 ? buildSearchGoodsPath(text) : buildSearchStorePath(text));
    } catch {
      await navigate(buildSearchGoodsPath(text));
    } finally {
      setIsSearching(false);
    }
  };

  const choose = (option: TSuggestOption) => {
    setIsOpen(false);
    if (option.kind === 'goods') {
      // Suggestions are names, each shown once though several products may carry it (QA buyer): choosing one
      // searches for it rather than opening whichever product happened to be ranked first.
      rememberSearch(option.name);
      setSearchText(option.name);
      void navigate(buildSearchGoodsPath(option.name));
    } else if (option.kind === 'stores') {
      rememberSearch(option.keyword);
      void navigate(buildSearchStorePath(option.keyword));
    } else {
      void runSearch(option.keyword);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const active = options[activeIndex];
    if (isOpen && active) {
      choose(active);
      return;
    }
    void runSearch(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setIsOpen(false);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') {
      return;
    }
    event.preventDefault();
    setIsOpen(true);
    if (options.length === 0) {
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActiveIndex((index) => {
      const next = index + step;
      if (next >= options.length) {
        return -1;
      }
      return next < -1 ? options.length - 1 : next;
    });
  };

  const activeOption = isOpen ? options[activeIndex] : undefined;
  return (
    <search
      className="cv-search-wrap"
      style={{ position: 'relative' }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setIsOpen(false);
        }
      }}
    >
      <form className="cv-search" onSubmit={onSubmit}>
        {/* Plain elements: Ant Design's Input and Button would add their code to every first page load. */}
        <span className="cv-input-wrap cv-search__field">
          <input
            ref={inputRef}
            className="cv-input-wrap__input"
            value={value}
            onChange={(event) => {
              setSearchText(event.target.value);
              setActiveIndex(-1);
              setIsOpen(true);
            }}
            onFocus={() => setIsOpen(true)}
            onKeyDown={onKeyDown}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? `${listId}-${activeIndex}` : undefined}
            maxLength={100}
            autoComplete="off"
            data-testid="header-search-input"
          />
          {value !== '' && (
            <button
              type="button"
              className="cv-input-wrap__clear"
              // Like Ant Design's allowClear: a mouse shortcut, outside the tab order (keyboards select and delete).
              tabIndex={-1}
              aria-hidden="true"
              onClick={() => {
                setSearchText('');
                setActiveIndex(-1);
                inputRef.current?.focus();
              }}
            >
              <CloseCircleFilled aria-hidden="true" />
            </button>
          )}
        </span>
        <LightButton
          variant="primary"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden="true" />}
          aria-label={t('search.submit')}
          isLoading={isSearching}
        >
          <span className="cv-hide-narrow">{t('search.submit')}</span>
        </LightButton>
      </form>
      {isOpen && (
        <Suspense fallback={null}>
          <SearchPanel
            listId={listId}
            keyword={keyword}
            activeIndex={activeIndex}
            onOptionsChange={setOptions}
            onChoose={choose}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </search>
  );
}
