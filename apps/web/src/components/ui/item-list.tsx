import { type GlobalToken, Spin, theme } from 'antd';
import { Children, type CSSProperties, Fragment, type Key, type ReactNode, useMemo, useState } from 'react';
import { Pager } from './pager';
import './item-list.css';

/** Every item is in `items`: the list shows them a page at a time, with the pager only when there is more than one. */
type TLocalPaging = {
  pageSize: number;
  /** The smaller pager, for a list in a card or a side pane. */
  size?: 'small';
};

/** `items` is the one page (`current`) the caller fetched of `total` items; the pager shows however many pages. */
type TFetchedPaging = TLocalPaging & {
  current: number;
  total: number;
  onChange: (page: number) => void;
};

export type TItemListPaging = TLocalPaging | TFetchedPaging;

function isFetchedPaging(paging: TItemListPaging): paging is TFetchedPaging {
  return 'total' in paging;
}

/**
 * The theme's colours and type as the CSS variables item-list.css reads. Ant Design's own variables are defined only
 * under a class its components carry, which a list outside one (right in a tab, a pane) would not see.
 */
function themeVariables(token: GlobalToken): CSSProperties & Record<`--${string}`, string | number> {
  return {
    '--cv-item-list-text': token.colorText,
    '--cv-item-list-description': token.colorTextDescription,
    '--cv-item-list-split': token.colorSplit,
    '--cv-item-list-border': token.colorBorder,
    '--cv-item-list-link-hover': token.colorPrimary,
    '--cv-item-list-radius': `${token.borderRadiusLG}px`,
    '--cv-item-list-font-size': `${token.fontSize}px`,
    '--cv-item-list-line-height': token.lineHeight,
    '--cv-item-list-motion': token.motionDurationSlow,
  };
}

/**
 * A list of records, one per row, each with its actions at the row's end: what Ant Design's List was here before
 * they deprecated it, with the same spacing, separators and type (item-list.css).
 *
 * `renderItem` returns an `ItemListItem`. With `isLoading` given (a list that reloads in place), a spinner stands over
 * the rows, or over a blank space while there are none yet, rather than over the empty text.
 */
export function ItemList<TItem>({
  items,
  itemKey,
  renderItem,
  isLoading,
  emptyText,
  paging,
  isBordered = false,
  className,
}: {
  items: readonly TItem[];
  itemKey: (item: TItem) => Key;
  renderItem: (item: TItem, index: number) => ReactNode;
  isLoading?: boolean;
  /** What an empty list says; nothing when omitted (for a list its page never shows empty). */
  emptyText?: ReactNode;
  paging?: TItemListPaging;
  /** A frame around the list, for one standing alone on the page rather than in a card. */
  isBordered?: boolean;
  className?: string;
}) {
  const { token } = theme.useToken();
  const style = useMemo(() => themeVariables(token), [token]);
  const [localPage, setLocalPage] = useState(1);

  let shownItems = items;
  let pager: ReactNode = null;
  if (paging && isFetchedPaging(paging)) {
    pager = (
      <Pager
        align="end"
        size={paging.size}
        current={paging.current}
        pageSize={paging.pageSize}
        total={paging.total}
        onChange={paging.onChange}
        showSizeChanger={false}
      />
    );
  } else if (paging && items.length > paging.pageSize) {
    // An item removed from the last page may leave it empty: the list then shows the new last page.
    const page = Math.min(localPage, Math.ceil(items.length / paging.pageSize));
    shownItems = items.slice((page - 1) * paging.pageSize, page * paging.pageSize);
    pager = (
      <Pager
        align="end"
        size={paging.size}
        current={page}
        pageSize={paging.pageSize}
        total={items.length}
        onChange={setLocalPage}
        showSizeChanger={false}
      />
    );
  }

  let rows: ReactNode = null;
  if (shownItems.length > 0) {
    rows = (
      <ul className="cv-item-list__items">
        {shownItems.map((item, index) => (
          <Fragment key={itemKey(item)}>{renderItem(item, index)}</Fragment>
        ))}
      </ul>
    );
  } else if (isLoading) {
    rows = <div className="cv-item-list__loading" />;
  } else if (emptyText !== undefined) {
    rows = <div className="cv-item-list__empty">{emptyText}</div>;
  }

  const classes = ['cv-item-list'];
  if (isBordered) {
    classes.push('cv-item-list--bordered');
  }
  if (pager) {
    classes.push('cv-item-list--paged');
  }
  if (className) {
    classes.push(className);
  }
  return (
    <div className={classes.join(' ')} style={style}>
      {/* Only a list that reloads in place has the spinner: its wrapper is a live region (aria-live), which a list
          that never spins has no reason to be. */}
      {isLoading === undefined ? rows : <Spin spinning={isLoading}>{rows}</Spin>}
      {pager && <div className="cv-item-list__pager">{pager}</div>}
    </div>
  );
}

/**
 * One row of an ItemList: its content, then its `actions` (buttons, links, a status tag) separated by thin lines,
 * then `extra` (a status or a count) at the row's end.
 */
export function ItemListItem({
  children,
  actions = [],
  extra,
  className,
  'data-testid': testId,
}: {
  children: ReactNode;
  /** Each with its own `key`, as in an array of elements. */
  actions?: ReactNode[];
  extra?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <li className={className ? `cv-item-list__item ${className}` : 'cv-item-list__item'} data-testid={testId}>
      {children}
      {actions.length > 0 && (
        <ul className="cv-item-list__actions">
          {Children.map(actions, (action) => (
            <li>{action}</li>
          ))}
        </ul>
      )}
      {extra}
    </li>
  );
}

/**
 * An ItemList row's picture, title and description, the title a heading at the level the page needs. Ant Design's
 * was always an h4, so a list right under a page's h1 skipped two levels and screen readers' heading navigation
 * showed a broken outline (WCAG 1.3.1).
 */
export function ItemListMeta({
  avatar,
  title,
  description,
  headingLevel = 2,
}: {
  avatar?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  /** 2 for a list under the page's h1 (the default), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="cv-item-list__meta">
      {avatar !== undefined && <div className="cv-item-list__avatar">{avatar}</div>}
      <div className="cv-item-list__meta-content">
        {title !== undefined && <Heading className="cv-item-list__title">{title}</Heading>}
        {description !== undefined && <div className="cv-item-list__description">{description}</div>}
      </div>
    </div>
  );
}
