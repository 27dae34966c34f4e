import type { TChallengeAnswer } from '@caravan/contracts';
import { useState } from 'react';
import { isApiError } from '../../lib/api';

const CHALLENGE_CODES = new Set(['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED']);

/**
 * The state of the log-in forms' human check: shown once the server asks for it (or says the next
 * attempt will need it), its answer sent with the next attempt and then dropped (good once).
 */
export function useHumanCheck() {
  const [isNeeded, setIsNeeded] = useState(false);
  const [answer, setAnswer] = useState<TChallengeAnswer | null>(null);
  const [round, setRound] = useState(0);
  return {
    isNeeded,
    answer,
    /** A new key per attempt mounts a fresh slider. */
    key: round,
    onSolved: setAnswer,
    /** After an attempt: the answer is used up; show the check when the error asks for it. */
    afterAttempt(error?: unknown) {
      if (answer) {
        setAnswer(null);
        setRound((r) => r + 1);
      }
      if (
        isApiError(error) &&
        (CHALLENGE_CODES.has(error.code) || error.details.challengeRequired === true)
      ) {
        setIsNeeded(true);
      }
    },
  };
}
