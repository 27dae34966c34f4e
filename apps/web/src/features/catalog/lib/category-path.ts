import type { TCategoryNode } from '@caravan/contracts';

/** The chain of nodes from a top category down to `id` (empty when unknown). */
export function findCategoryPath(nodes: TCategoryNode[], id: string): TCategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) {
      return [node];
    }
    const below = findCategoryPath(node.children, id);
    if (below.length > 0) {
      return [node, ...below];
    }
  }
  return [];
}

/** A category's chain of names as /classification titles it (its heading and its tab, app/page-head.ts). */
export function categoryPathTitle(path: readonly TCategoryNode[]): string {
  return path.map((node) => node.name).join(' / ');
}

/**
 * What /classification shows for `?id=`: the chain to the requested category, its top category and the one whose
 * products are listed (the first top category when the id is missing or unknown). The page and the server's
 * prefetch (app/ssr-prefetch.ts) both choose here, so they ask for the same products.
 */
export function chooseCategory(tree: TCategoryNode[], requestedId: string) {
  const path = findCategoryPath(tree, requestedId);
  const top = path[0] ?? tree[0];
  const chosen = path.at(-1) ?? top;
  return { path, top, chosen };
}
