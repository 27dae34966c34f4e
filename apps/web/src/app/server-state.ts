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
 * The serialised state in three parts, the middle one being the dictionaries (`resources`) as given: they are the
 * same for every page of a language that uses the same namespaces, so the server serialises them once
 * (serializeResources) and sends them as a piece of the page that is compressed once (issue 11: 26 KB of a
 * product page's 30 KB state). The parts joined are exactly serializeServerState's text.
 */
export function serializeServerStateParts(
  state: TServerState,
  resourcesJson: string,
): [before: string, resources: string, after: string] {
  return [
    `{"lang":${scriptSafeJson(state.lang)},"year":${scriptSafeJson(state.year)},"resources":`,
    resourcesJson,
    `,"queries":${scriptSafeJson(state.queries)},"errors":${scriptSafeJson(state.errors)}}`,
  ];
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
