import { SEARCH_HISTORY_MAX } from '@caravan/contracts/constants';
import { useSyncExternalStore } from 'react';
import {
  onOtherTabChange,
  readJsonStorage,
  removeStorage,
  STORAGE_KEYS,
  writeStorage,
} from '../../../lib/storage';

const listeners = new Set<() => void>();
/** Read on first use, not at import: a first localStorage read loads the storage area (lib/session.ts says why). */
let history: string[] | undefined;

function getHistory(): string[] {
  history ??= loadSearchHistory();
  return history;
}

function loadSearchHistory(): string[] {
  const stored = readJsonStorage<unknown>(STORAGE_KEYS.searchHistory);
  if (!Array.isArray(stored)) {
    return [];
  }
  return stored.filter((item): item is string => typeof item === 'string').slice(0, SEARCH_HISTORY_MAX);
}

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

/** SPEC §4: at most 10 distinct keywords, the newest first. */
export function addSearchHistory(keyword: string, current: readonly string[] = getHistory()): string[] {
  const trimmed = keyword.trim();
  if (!trimmed) {
    return [...current];
  }
  return [trimmed, ...current.filter((item) => item !== trimmed)].slice(0, SEARCH_HISTORY_MAX);
}

export function rememberSearch(keyword: string): void {
  history = addSearchHistory(keyword);
  writeStorage(STORAGE_KEYS.searchHistory, JSON.stringify(history));
  emit();
}

export function clearSearchHistory(): void {
  history = [];
  removeStorage(STORAGE_KEYS.searchHistory);
  emit();
}

const NO_HISTORY: string[] = [];

export function useSearchHistory(): string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // No history is the server's own empty list, so hydrating finds the snapshot unchanged (no extra render).
    () => {
      const stored = getHistory();
      return stored.length > 0 ? stored : NO_HISTORY;
    },
    () => NO_HISTORY,
  );
}

// Another tab searched or cleared its history: read it again on next use.
onOtherTabChange(STORAGE_KEYS.searchHistory, () => {
  history = undefined;
  emit();
});
