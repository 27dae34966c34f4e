import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates in a pass and a commit of its own: React 19 leaves every
 * Suspense boundary of the server HTML for a background pass after the part around it. A page of one boundary
 * hydrated its whole content in one commit followed by every card's effects, one long task of the main thread
 * (Total Blocking Time, docs/operations.md); slices keep each commit small. Nothing inside a slice loads code or
 * data on the client, so the empty fallback does not show.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Splits a list into runs of `size` for HydrationSlice. */
export function toSlices<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    slices.push(items.slice(start, start + size));
  }
  return slices;
}
