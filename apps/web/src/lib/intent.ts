import { isApiError } from './api';

/** What one user intent keeps between attempts: its Idempotency-Key and values to send again unchanged. */
export type TIntent = { key: string; memo: Map<string, unknown> };

type TOpenIntent = TIntent & { running?: Promise<unknown> | undefined };

const openIntents = new Map<string, TOpenIntent>();

/** 128 random bits as hex; crypto.getRandomValues also works on plain-http pages, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Runs one user intent that creates an order or moves money (place, pay, recharge, withdraw, refund) under
 * one `Idempotency-Key` (docs/api.md). The same call with the same input reuses the key while no answer
 * has come back: a double click, or a retry after a network error or a timeout (when the server may well
 * have done it), is one action, and the server replays its first answer. Once the server answers (success
 * or a refusal), the intent is over and the next attempt is a new intent with a new key.
 *
 * A second call while the first is still running in this tab joins it (the same answer, no second request): its
 * steps could otherwise differ (a second withdrawal session token) and the server refused the same key with
 * another body, a message the user had no part in.
 */
export async function runIntent<T>(
  scope: string,
  input: unknown,
  run: (intent: TIntent) => Promise<T>,
): Promise<T> {
  const id = `${scope}\n${JSON.stringify(input ?? null)}`;
  let intent = openIntents.get(id);
  if (intent?.running) {
    return intent.running as Promise<T>;
  }
  if (!intent) {
    intent = { key: newIdempotencyKey(), memo: new Map() };
    openIntents.set(id, intent);
  }
  const open = intent;
  const attempt = (async () => {
    try {
      const result = await run(open);
      openIntents.delete(id);
      return result;
    } catch (error) {
      const isUnanswered = !isApiError(error) || error.status === 0;
      const isStillRunning = isApiError(error) && error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
      if (!isUnanswered && !isStillRunning) {
        openIntents.delete(id);
      }
      throw error;
    }
  })();
  open.running = attempt;
  const settle = () => {
    open.running = undefined;
  };
  attempt.then(settle, settle);
  return attempt;
}
