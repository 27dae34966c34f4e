import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedInView } from './selected-in-view';

/*
 * Light controls for the public storefront pages (global.css `.cv-*`), which mirror Ant Design's look: a server
 * rendered page's first load must not carry Ant Design (docs/decisions.md, web vitals). Native elements keep
 * keyboard use, form semantics and accessible roles (checkbox, radio, combobox, spinbutton, tab) for free.
 */

export type TChoice<V extends string> = { value: V; label: ReactNode; disabled?: boolean };

/** Buttons that act as one radio group (Ant Design's Radio.Group with optionType="button"). */
export function LightChoiceGroup<V extends string>({
  name,
  value,
  options,
  onChange,
  className,
  ...aria
}: {
  name: string;
  value: V | undefined;
  options: readonly TChoice<V>[];
  onChange: (value: V) => void;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  return (
    <div role="radiogroup" className={`cv-choices${className ? ` ${className}` : ''}`} {...aria}>
      {options.map((option) => (
        <label
          key={option.value}
          className={`cv-choice${option.value === value ? ' is-checked' : ''}${option.disabled ? ' is-disabled' : ''}`}
        >
          <input
            type="radio"
            className="cv-choice__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A checkbox with its label. */
export function LightCheckbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="cv-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** Numbered pages with previous and next; `label` names the navigation for screen readers. */
export function LightPager({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const pages = pagesAround(page, pageCount);
  return (
    <ul className="cv-pages">
      <li>
        <button
          type="button"
          className="cv-pages__item"
          disabled={page <= 1}
          aria-label={t('pager.previous')}
          onClick={() => onChange(page - 1)}
        >
          {/* dir="ltr": a ‹ in right-to-left text is drawn mirrored already; the stylesheet turns it once. */}
          <span aria-hidden="true" className="cv-pages__arrow" dir="ltr">
            ‹
          </span>
        </button>
      </li>
      {pages.map((item, index) =>
        item === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity but their place
          <li key={`gap-${index}`} className="cv-pages__gap" aria-hidden="true">
            …
          </li>
        ) : (
          <li key={item}>
            <button
              type="button"
              className={`cv-pages__item${item === page ? ' is-current' : ''}`}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('pager.page', { page: item })}
              onClick={() => onChange(item)}
            >
              {item}
            </button>
          </li>
        ),
      )}
      <li>
        <button
          type="button"
          className="cv-pages__item"
          disabled={page >= pageCount}
          aria-label={t('pager.next')}
          onClick={() => onChange(page + 1)}
        >
          <span aria-hidden="true" className="cv-pages__arrow" dir="ltr">
            ›
          </span>
        </button>
      </li>
    </ul>
  );
}

/** First, last and two pages either side of the current one; null marks a gap. */
export function pagesAround(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let item = page - 2; item <= page + 2; item += 1) {
    if (item >= 1 && item <= pageCount) {
      shown.add(item);
    }
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const item of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && item - previous > 1) {
      result.push(null);
    }
    result.push(item);
  }
  return result;
}

/** Tabs whose panels render only once chosen (like Ant Design's Tabs): a hidden panel loads nothing. */
export function LightTabs<K extends string>({
  items,
  active,
  onChange,
  idPrefix,
}: {
  items: readonly { key: K; label: ReactNode; children: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
  idPrefix: string;
}) {
  const current = items.find((item) => item.key === active) ?? items[0];
  const tabList = useRef<HTMLDivElement>(null);
  // A row of tabs wider than a phone scrolls sideways (global.css): the chosen one is in view, also one chosen from
  // the address.
  useSelectedInView(tabList, '.is-active', current?.key);
  const moveFocus = (from: number, step: number) => {
    const next = items[(from + step + items.length) % items.length];
    if (next) {
      onChange(next.key);
      document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
    }
  };
  return (
    <div className="cv-tabs">
      <div ref={tabList} role="tablist" className="cv-tabs__list">
        {items.map((item, index) => (
          <button
            key={item.key}
            id={`${idPrefix}-tab-${item.key}`}
            type="button"
            role="tab"
            className={`cv-tabs__tab${item.key === current?.key ? ' is-active' : ''}`}
            aria-selected={item.key === current?.key}
            aria-controls={`${idPrefix}-panel-${item.key}`}
            tabIndex={item.key === current?.key ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => {
              const isRtl = document.documentElement.dir === 'rtl';
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                event.preventDefault();
                moveFocus(index, (event.key === 'ArrowRight') !== isRtl ? 1 : -1);
              }
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          id={`${idPrefix}-panel-${current.key}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${current.key}`}
          className="cv-tabs__panel"
        >
          {current.children}
        </div>
      )}
    </div>
  );
}
