import { describe, expect, it } from 'vitest';
import {
  readServerState,
  serializeQueryData,
  serializeResources,
  serializeServerState,
  serializeServerStateParts,
  type TServerState,
} from './server-state';

const STATE: TServerState = {
  lang: 'ar',
  year: 2026,
  resources: { common: { brand: 'كارافان', hostile: '</script><!-- \u2028 \u2029' } },
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['catalog', 'product', '7'],
        queryHash: '["catalog","product","7"]',
        state: {
          data: { name: '<b>Teddy</b>\u2028' },
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
        dehydratedAt: 1,
      },
    ],
  },
  errors: [{ queryKey: ['catalog', 'store', '9'], status: 404, code: 'NOT_FOUND', message: 'No <store>' }],
};

describe('server state in a script element', () => {
  it('is the same text whole or in parts around the dictionaries, and reads back as the state', () => {
    const resources = serializeResources(STATE.resources);
    const parts = serializeServerStateParts(STATE, resources);
    expect(parts[1]).toBe(resources);
    expect(parts.join('')).toBe(serializeServerState(STATE));
    expect(JSON.parse(parts.join(''))).toEqual(STATE);
  });

  it("is the same text with a query's data as a part of its own, in its place", () => {
    const resources = serializeResources(STATE.resources);
    const data = serializeQueryData(STATE.queries.queries[0]?.state.data);
    const parts = serializeServerStateParts(STATE, resources, (query) =>
      query.queryHash === '["catalog","product","7"]' ? data : undefined,
    );
    expect(parts).toHaveLength(5);
    expect(parts[1]).toBe(resources);
    expect(parts[3]).toBe(data);
    expect(parts.join('')).toBe(serializeServerState(STATE));
    expect(JSON.parse(parts.join(''))).toEqual(STATE);
  });

  it('has nothing that closes the element or starts a comment, in any part', () => {
    const shareAll = (query: { state: { data: unknown } }) => serializeQueryData(query.state.data);
    for (const part of serializeServerStateParts(STATE, serializeResources(STATE.resources), shareAll)) {
      expect(part).not.toMatch(/<|\u2028|\u2029/);
    }
  });

  it('reads back from the JSON data block of a page, and is absent from a page without one', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="caravan-state">${serializeServerState(STATE)}</script>`;
    expect(readServerState()).toEqual(STATE);
    document.body.innerHTML = '<div id="root"></div>';
    expect(readServerState()).toBeUndefined();
  });
});
