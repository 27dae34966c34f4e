import type { TCategoryNode } from '@caravan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The category tree in the page's language: one query for the storefront, the merchant form and the consoles. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => api.get<{ categories: TCategoryNode[] }>('/catalog/categories', { signal }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

/** The names of the categories `ids`, found at any level of `tree`, in the order of `ids`; unknown ids as they are. */
export function categoryNames(tree: TCategoryNode[], ids: string[]): string[] {
  const names = new Map<string, string>();
  const walk = (nodes: TCategoryNode[]) => {
    for (const node of nodes) {
      names.set(node.id, node.name);
      walk(node.children);
    }
  };
  walk(tree);
  return ids.map((id) => names.get(id) ?? id);
}
