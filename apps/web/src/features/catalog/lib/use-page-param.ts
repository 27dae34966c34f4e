import { useSearchParams } from 'react-router';
import { readPageParam } from './format';

/** The page number lives in the URL (`?page=`) so Back returns to the same page. */
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
