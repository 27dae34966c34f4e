import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
// biome-ignore lint/style/noRestrictedImports: the wrapper every pager is
import { ConfigProvider, Pagination, type PaginationProps } from 'antd';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type TPagerIcons = Pick<PaginationProps, 'prevIcon' | 'nextIcon' | 'jumpPrevIcon' | 'jumpNextIcon'>;

/**
 * The pager's arrows, named in the page's language. Ant Design's own are named after their pictures ("left",
 * "right", "double-left", "ellipsis"), in English whatever the language, and a screen reader announced the
 * previous-page item as "left". The jump items keep their localised titles (Ant Design's locale) as their names.
 */
export function usePagerIcons(): TPagerIcons {
  const { t } = useTranslation('common');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const previousLabel = t('pager.previous');
  const nextLabel = t('pager.next');
  return useMemo(() => {
    const isRtl = direction === 'rtl';
    const ellipsis = (
      <span className="ant-pagination-item-ellipsis">
        <EllipsisOutlined aria-hidden />
      </span>
    );
    const jump = (isBack: boolean) => (
      <div className="ant-pagination-item-link">
        <div className="ant-pagination-item-container">
          {isBack !== isRtl ? (
            <DoubleLeftOutlined aria-hidden className="ant-pagination-item-link-icon" />
          ) : (
            <DoubleRightOutlined aria-hidden className="ant-pagination-item-link-icon" />
          )}
          {ellipsis}
        </div>
      </div>
    );
    return {
      prevIcon: (
        <button className="ant-pagination-item-link" type="button" tabIndex={-1} aria-label={previousLabel}>
          {isRtl ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
        </button>
      ),
      nextIcon: (
        <button className="ant-pagination-item-link" type="button" tabIndex={-1} aria-label={nextLabel}>
          {isRtl ? <LeftOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        </button>
      ),
      jumpPrevIcon: jump(true),
      jumpNextIcon: jump(false),
    };
  }, [direction, previousLabel, nextLabel]);
}

/** Ant Design's pager, its arrows named in the page's language (usePagerIcons). */
export function Pager(props: PaginationProps) {
  const icons = usePagerIcons();
  return <Pagination {...icons} {...props} />;
}
