import { CheckOutlined, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import type { TChallengeAnswer, TChallengeResponse } from '@caravan/contracts';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { solveProofOfWork } from '../../lib/proof-of-work';
import './human-check.css';

type TStatus = 'idle' | 'working' | 'done' | 'failed';

/**
 * The human check the server asks for after failed log-ins (SPEC §8 "slider verification"): slide the
 * handle to the end (pointer, or arrow keys / End on the keyboard), then the page fetches a challenge
 * and solves its proof of work; `onSolved` gets the answer to send with the next log-in. Mount it anew
 * (a new `key`) after each log-in attempt: an answer is good once.
 */
export function HumanCheck({ onSolved }: { onSolved: (answer: TChallengeAnswer) => void }) {
  const { t } = useTranslation('auth');
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<TStatus>('idle');
  const trackRef = useRef<HTMLDivElement>(null);
  const draggingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const verify = async () => {
    setProgress(100);
    setStatus('working');
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const challenge = await api.post<TChallengeResponse>(
        '/auth/challenge',
        {},
        { signal: controller.signal },
      );
      const nonce = await solveProofOfWork(challenge.id, challenge.difficulty, controller.signal);
      setStatus('done');
      onSolved({ id: challenge.id, nonce });
    } catch {
      if (!controller.signal.aborted) {
        setStatus('failed');
        setProgress(0);
      }
    }
  };

  const isLocked = status === 'working' || status === 'done';

  const fractionAt = (clientX: number): number => {
    const track = trackRef.current;
    if (!track) {
      return 0;
    }
    const box = track.getBoundingClientRect();
    const isRtl = getComputedStyle(track).direction === 'rtl';
    const offset = isRtl ? box.right - clientX : clientX - box.left;
    return Math.min(1, Math.max(0, offset / box.width));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isLocked) {
      return;
    }
    draggingRef.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    setProgress(Math.round(fractionAt(event.clientX) * 100));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (draggingRef.current && !isLocked) {
      setProgress(Math.round(fractionAt(event.clientX) * 100));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!draggingRef.current || isLocked) {
      return;
    }
    draggingRef.current = false;
    if (fractionAt(event.clientX) >= 0.95) {
      void verify();
    } else {
      setProgress(0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isLocked) {
      return;
    }
    const isRtl = trackRef.current ? getComputedStyle(trackRef.current).direction === 'rtl' : false;
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | undefined;
    if (event.key === 'End') {
      next = 100;
    } else if (event.key === 'Home') {
      next = 0;
    } else if (event.key === forward || event.key === 'ArrowUp') {
      next = Math.min(100, progress + 20);
    } else if (event.key === backward || event.key === 'ArrowDown') {
      next = Math.max(0, progress - 20);
    }
    if (next === undefined) {
      return;
    }
    event.preventDefault();
    if (next >= 100) {
      void verify();
    } else {
      setProgress(next);
    }
  };

  const label =
    status === 'working'
      ? t('humanCheck.working')
      : status === 'done'
        ? t('humanCheck.done')
        : status === 'failed'
          ? t('humanCheck.failed')
          : t('humanCheck.label');

  return (
    <div className={`cv-human-check cv-human-check--${status}`} data-testid="human-check">
      <div
        ref={trackRef}
        className="cv-human-check__track"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          draggingRef.current = false;
          if (!isLocked) {
            setProgress(0);
          }
        }}
      >
        <div className="cv-human-check__fill" style={{ inlineSize: `${progress}%` }} />
        <span className="cv-human-check__text" aria-live="polite">
          {label}
        </span>
        <div
          className="cv-human-check__handle"
          role="slider"
          tabIndex={isLocked ? -1 : 0}
          aria-label={t('humanCheck.handle')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={label}
          aria-disabled={isLocked}
          onKeyDown={onKeyDown}
          style={{ insetInlineStart: `calc(${progress}% - ${(progress / 100) * 40}px)` }}
        >
          {status === 'working' ? (
            <LoadingOutlined aria-hidden="true" />
          ) : status === 'done' ? (
            <CheckOutlined aria-hidden="true" />
          ) : (
            <DoubleRightOutlined aria-hidden="true" className="cv-human-check__arrow" />
          )}
        </div>
      </div>
    </div>
  );
}
