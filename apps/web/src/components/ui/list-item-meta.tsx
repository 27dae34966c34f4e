import { ConfigProvider } from 'antd';
import { type ReactNode, useContext } from 'react';

/**
 * Ant Design's List.Item.Meta with a heading at the level the page needs. Theirs is always an h4, so a list right
 * under a page's h1 skipped two levels and screen readers' heading navigation showed a broken outline (WCAG 1.3.1).
 * The markup and classes are theirs, so it looks the same.
 */
export function ListItemMeta({
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
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('list');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`${prefix}-item-meta`}>
      {avatar !== undefined && <div className={`${prefix}-item-meta-avatar`}>{avatar}</div>}
      <div className={`${prefix}-item-meta-content`}>
        {title !== undefined && <Heading className={`${prefix}-item-meta-title`}>{title}</Heading>}
        {description !== undefined && <div className={`${prefix}-item-meta-description`}>{description}</div>}
      </div>
    </div>
  );
}
