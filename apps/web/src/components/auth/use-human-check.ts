import type { TChallengeAnswer } from '@caravan/contracts';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { SESSION_KEYS, sessionDeadlineLeft, writeSessionDeadline } from '../../lib/storage';

const CHALLENGE_CODES = new Set(['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED']);
/** The server's window for counting an account's failed log-ins (login-guard.ts ACCOUNT_WINDOW_MS). */
const REMEMBER_MS = 15 * 60_000;

/** Users and staff log in through separate forms and account name spaces. */
export type THumanCheckForm = 'user' | 'staff';

/**
 * The state of the log-in forms' human check: shown once the server asks for it (or says the next attempt will
 * need it), its answer sent with the next attempt and then dropped (good once). The tab remembers that it was
 * asked for, so a reload shows the check at once instead of after one more refused attempt; a log-in that gets
 * through forgets it.
 *
 * `onChallengeErrorAnswered` runs when the slider is solved after an attempt the server refused only for want of
 * it ("complete the slider verification"): the form drops that message, which the solved slider has answered.
 */
export function useHumanCheck(
  form: THumanCheckForm,
  { onChallengeErrorAnswered }: { onChallengeErrorAnswered?: () => void } = {},
) {
  const [isNeeded, setIsNeeded] = useState(false);
  const [answer, setAnswer] = useState<TChallengeAnswer | null>(null);
  const [round, setRound] = useState(0);
  const isChallengeErrorShownRef = useRef(false);

  // After mounting: the storage is the browser's.
  useEffect(() => {
    if (sessionDeadlineLeft(SESSION_KEYS.humanCheckUntil, form) > 0) {
      setIsNeeded(true);
    }
  }, [form]);

  return {
    isNeeded,
    answer,
    /** A new key per attempt mounts a fresh slider. */
    key: round,
    onSolved(solved: TChallengeAnswer) {
      setAnswer(solved);
      if (isChallengeErrorShownRef.current) {
        isChallengeErrorShownRef.current = false;
        onChallengeErrorAnswered?.();
      }
    },
    /** After an attempt (`error` when it failed): the answer is used up; show the check when the error asks. */
    afterAttempt(error?: unknown) {
      if (answer) {
        setAnswer(null);
        setRound((r) => r + 1);
      }
      isChallengeErrorShownRef.current = isApiError(error) && CHALLENGE_CODES.has(error.code);
      if (error === undefined) {
        writeSessionDeadline(SESSION_KEYS.humanCheckUntil, form, null);
        return;
      }
      if (
        isApiError(error) &&
        (CHALLENGE_CODES.has(error.code) || error.details.challengeRequired === true)
      ) {
        setIsNeeded(true);
        writeSessionDeadline(SESSION_KEYS.humanCheckUntil, form, Date.now() + REMEMBER_MS);
      }
    },
  };
}
