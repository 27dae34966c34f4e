import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type TFilterValue = string | number | boolean | undefined;

/** A list's page number; a page without paging (a tab) has none. */
const pageOf = (filter: object): unknown => (filter as { pageNum?: unknown }).pageNum;

/** Past a list's numbered pages, the record the next page starts after (keyset paging). */
const cursorOf = (filter: object): unknown => (filter as { after?: unknown }).after;

/** A list's order: its column sort and direction (table-sort.ts), or the seller's product sort. */
const orderOf = (filter: object): string => {
  const { sort, order } = filter as { sort?: unknown; order?: unknown };
  return `${String(sort)} ${String(order)}`;
};

/**
 * The address's parameters read by `schema`, most often the list's query schema from the contracts (its page number,
 * page size, choices and text lengths are the server's), or null when it refuses one of them. An empty parameter is
 * taken as absent; a list whose empty value means something of its own (every status where the default is one)
 * reads that one itself. A strict schema would refuse any other parameter in the address (`lang`): give it a plain one.
 */
export function readAddress<TSchema extends z.ZodType>(
  schema: TSchema,
  params: Record<string, string>,
): z.output<TSchema> | null {
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  return parsed.success ? parsed.data : null;
}

/**
 * A console list's filter and page kept in the address: a reload, Back from a record or a shared link comes back to
 * the same page and filters (they started over at page 1 with the default filter). `parse` reads the address's
 * parameters into a filter, or null when they do not make a valid one (then `defaults`). A value left at its
 * default is not written; one cleared where the default has a value (every status where the default is
 * "processing") is written empty. A page turn or a new sort order is a step of its own in the history (Back returns
 * to the order the list had); a filter change replaces it. A page without paging (a tab) keeps its choice the same
 * way.
 */
export function useFilterInAddress<TFilter extends object>(
  defaults: TFilter,
  parse: (params: Record<string, string>) => TFilter | null,
): [TFilter, (update: (filter: TFilter) => TFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parse(Object.fromEntries(params)) ?? defaults, [params, parse, defaults]);
  const setFilter = useCallback(
    (update: (current: TFilter) => TFilter) => {
      const next = update(filter);
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next) as [string, TFilterValue][]) {
        const fallback = (defaults as Record<string, TFilterValue>)[key];
        if (value === fallback || ((value === '' || value === false) && fallback === undefined)) {
          continue;
        }
        search.set(key, value === undefined ? '' : String(value));
      }
      const isNewStep =
        pageOf(next) !== pageOf(filter) ||
        cursorOf(next) !== cursorOf(filter) ||
        orderOf(next) !== orderOf(filter);
      setParams(search, { replace: !isNewStep });
    },
    [filter, setParams, defaults],
  );
  return [filter, setFilter];
}
