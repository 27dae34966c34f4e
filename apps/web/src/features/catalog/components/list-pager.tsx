import { LightPager } from '../../../components/ui/light-controls';

/** Page numbers under a list; hidden when everything fits on one page. */
export function ListPager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) {
    return null;
  }
  return (
    <nav className="cv-pager">
      <LightPager
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </nav>
  );
}
