import { useSearchParams } from 'react-router';

/** A positive page number from the URL (`?page=`), 1 when absent or malformed. */
export function readPageParam(raw: string | null): number {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The page number lives in the URL (`?page=`) so Back, a reload or a shared link return to the same page. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params.get(name));
  const setPage = (next: number) => {
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
      { preventScrollReset: true },
    );
  };
  return [page, setPage];
}
