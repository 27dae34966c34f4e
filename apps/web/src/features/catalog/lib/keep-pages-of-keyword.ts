import type { PlaceholderDataFunction, QueryKey } from '@tanstack/react-query';

/**
 * placeholderData for keyword results: while the next page of the same keyword loads, the current page stays;
 * a new keyword starts from the skeleton, so the heading never names one keyword above another's results.
 * The keyword is the third part of the query key.
 */
export function keepPagesOfKeyword<TData>(
  keyword: string,
): PlaceholderDataFunction<TData, Error, TData, QueryKey> {
  return (previous, previousQuery) => (previousQuery?.queryKey[2] === keyword ? previous : undefined);
}
