import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** Turns a list to a page; a correction (past the last page) replaces the address rather than adding a Back step. */
export type TPageChange = (page: number, options?: { isCorrection?: boolean }) => void;

/** A positive page number from the URL (`?page=`), 1 when absent or malformed. */
export function readPageParam(raw: string | null): number {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The page number lives in the URL (`?page=`) so Back, a reload or a shared link return to the same page. */
export function usePageParam(
  name = 'page',
): [number, (page: number, options?: { isCorrection?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params.get(name));
  // A correction (a page past the end, after the list shrank) replaces the address instead of adding a step to Back.
  const setPage = (next: number, options: { isCorrection?: boolean } = {}) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) {
          copy.delete(name);
        } else {
          copy.set(name, String(next));
        }
        return copy;
      },
      { preventScrollReset: true, replace: options.isCorrection === true },
    );
  };
  return [page, setPage];
}

/**
 * A page past the end of its list (a kept link, a list that shrank since) turns to the last page, replacing the
 * address (a step added to Back would lead there again). `total` is undefined while the list loads. Answers whether
 * the page is past the end, so its empty list is not shown as "nothing here" meanwhile (it showed no pager either).
 */
export function useLastPageCorrection(
  page: number,
  total: number | undefined,
  pageSize: number,
  setPage: (page: number, options: { isCorrection: boolean }) => void,
): boolean {
  const lastPage = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  const isPastEnd = page > lastPage;
  useEffect(() => {
    if (isPastEnd) {
      setPage(lastPage, { isCorrection: true });
    }
  }, [isPastEnd, lastPage, setPage]);
  return isPastEnd;
}
