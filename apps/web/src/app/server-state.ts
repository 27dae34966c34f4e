import { SERVER_STATE_ELEMENT_ID } from '@caravan/contracts/constants';
import type { TLanguage } from '@caravan/contracts/languages';
import { type DehydratedState, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** A query the server answered with an error (a missing product): the browser shows the same state. */
export type TServerQueryError = {
  queryKey: QueryKey;
  status: number;
  code: string;
  message: string;
};

/**
 * What a server-rendered page hands to the browser to hydrate without a flash: JSON in
 * `<script type="application/json" id="caravan-state">` (SERVER_STATE_ELEMENT_ID), read by readServerState.
 */
export type TServerState = {
  lang: TLanguage;
  /** The year the page was rendered in, which hydration shows again (render-year.ts). */
  year: number;
  /** Dictionaries the page used, so the first render needs no dictionary request. */
  resources: Record<string, Record<string, unknown>>;
  queries: DehydratedState;
  errors: TServerQueryError[];
};

/**
 * The state of a server-rendered page, or undefined on a client-rendered one. A data block is parsed as JSON: as an
 * inline script assigning the object, the home page's 60 KB took 20 ms to compile on a desktop before it ran, a task
 * of its own after the first paint (about 65 ms of Total Blocking Time at Lighthouse's 4x slowdown).
 */
export function readServerState(): TServerState | undefined {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as TServerState) : undefined;
}

/** Whether this document is a server-rendered page (it carries the state, hydrated or not). */
export function isServerRenderedDocument(): boolean {
  return document.getElementById(SERVER_STATE_ELEMENT_ID) !== null;
}

/** JSON inside a <script>: nothing in it can close the element or start a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function serializeServerState(state: TServerState): string {
  return serializeServerStateParts(state, scriptSafeJson(state.resources)).join('');
}

/**
 * The serialised state in parts, the odd ones texts that many pages carry alike: the dictionaries (`resources`) as
 * given, the same for every page of a language that uses the same namespaces, so the server serialises them once
 * (serializeResources) and sends them as a piece of the page that is compressed once (issue 11: 26 KB of a product
 * page's 30 KB state); then the data of each query `sharedData` gives a text for (the category tree of every list
 * page, some 6 KB), in its place inside the query. The parts joined are exactly serializeServerState's text.
 */
export function serializeServerStateParts(
  state: TServerState,
  resourcesJson: string,
  sharedData: (query: DehydratedState['queries'][number]) => string | undefined = () => undefined,
): string[] {
  const shared: string[] = [];
  // Each shared query's data replaced by a stand-in, the whole written once and cut at the stand-ins.
  const queries = {
    ...state.queries,
    queries: state.queries.queries.map((query) => {
      const data = query.state.data === undefined ? undefined : sharedData(query);
      if (data === undefined) {
        return query;
      }
      shared.push(data);
      return { ...query, state: { ...query.state, data: DATA_STAND_IN } };
    }),
  };
  const rest = `,"queries":${scriptSafeJson(queries)},"errors":${scriptSafeJson(state.errors)}}`.split(
    DATA_STAND_IN_JSON,
  );
  return [
    `{"lang":${scriptSafeJson(state.lang)},"year":${scriptSafeJson(state.year)},"resources":`,
    resourcesJson,
    ...rest.flatMap((text, i) => (i < shared.length ? [text, shared[i] ?? ''] : [text])),
  ];
}

/** Where a shared query's data goes while the state is written: no data holds a NUL (the API refuses them). */
const DATA_STAND_IN = '\u0000caravan-query-data\u0000';
const DATA_STAND_IN_JSON = JSON.stringify(DATA_STAND_IN);

/** A query's data as serializeServerStateParts writes it, for a `sharedData` that keeps the text. */
export function serializeQueryData(data: unknown): string {
  return scriptSafeJson(data);
}

/** The dictionaries' part of serializeServerStateParts. */
export function serializeResources(resources: TServerState['resources']): string {
  return scriptSafeJson(resources);
}

/** Puts the server's answers (and its errors) into the browser's query cache before hydrating. */
export function applyServerState(queryClient: QueryClient, state: TServerState): void {
  hydrate(queryClient, state.queries);
  for (const item of state.errors) {
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: item.queryKey });
    query.setState({
      status: 'error',
      fetchStatus: 'idle',
      error: new ApiError({ status: item.status, code: item.code, message: item.message }),
      errorUpdatedAt: Date.now(),
    });
    // The page already shows this answer; asking again on mount would put it back into loading for a moment.
    queryClient.setQueryDefaults(item.queryKey, { retryOnMount: false });
  }
}
