import { SEARCH_HISTORY_MAX } from '@caravan/contracts/constants';
import { useSyncExternalStore } from 'react';
import { readJsonStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

const listeners = new Set<() => void>();
let history: string[] = loadSearchHistory();

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
export function addSearchHistory(keyword: string, current: readonly string[] = history): string[] {
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
    () => (history.length > 0 ? history : NO_HISTORY),
    () => NO_HISTORY,
  );
}
