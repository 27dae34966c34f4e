import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file';
import type { TUploadProblem } from './upload-problem';

/** The file being uploaded and how far it is. */
type TUploadProgress = { percent: number; name: string };

/** Sends one file to a private store; `signal` stops it. */
export type TPrivateUploadRequest<TResult> = (
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<TResult>;

/**
 * One picture at a time sent to a private store, with its progress and a cancel: the mechanics the identity photo
 * and the merchant documents share, so a fix to one (the check before sending, the abort on leaving, the focus after
 * a cancel) is a fix to both. The caller draws the controls: `inputProps` on a hidden file input, `open` on the button
 * that starts an upload (with `uploadButtonRef`: a cancel hands the focus there, as the Cancel button goes, not to
 * the page), `progress` with a button calling `cancel` while it runs, and `problem` (UploadProblem) under them: why
 * the last file chosen was refused. `isFull` (the field holds its most) refuses a file the field's label still let
 * be chosen.
 */
export function usePrivateUpload<TResult>({
  upload,
  onUploaded,
  onUploadingChange,
  failedText,
  isFull = false,
}: {
  upload: TPrivateUploadRequest<TResult>;
  onUploaded: (result: TResult) => void;
  /** Told at once, before `onUploaded`'s value reaches a form: its check of the field must not still see an upload. */
  onUploadingChange?: (isUploading: boolean) => void;
  /** Said when the upload fails and the server gave no reason. */
  failedText: string;
  isFull?: boolean;
}) {
  const { t } = useTranslation('errors');
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<TUploadProgress | null>(null);
  const [problem, setProblem] = useState<TUploadProblem | null>(null);
  const isFocusOwed = useRef(false);
  useEffect(() => {
    if (!progress && isFocusOwed.current) {
      isFocusOwed.current = false;
      uploadButtonRef.current?.focus();
    }
  }, [progress]);
  // Leaving the page (or the form) stops an upload still running.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const showProgress = (next: TUploadProgress | null) => {
    setProgress(next);
    onUploadingChange?.(next !== null);
  };
  const clearInput = () => {
    if (inputRef.current) {
      inputRef.current.value = '';
    }
  };
  const pick = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    // Told at once, not after sending the whole file to be refused.
    const refusal = imageFileProblem(t, file);
    setProblem(refusal ? { fileName: file.name, message: refusal } : null);
    if (refusal || isFull) {
      clearInput();
      return;
    }
    const controller = new AbortController();
    uploadRef.current = controller;
    showProgress({ percent: 0, name: file.name });
    const finish = () => {
      if (uploadRef.current === controller) {
        uploadRef.current = null;
        showProgress(null);
      }
    };
    try {
      const result = await upload(file, {
        signal: controller.signal,
        onProgress: (percent) => setProgress((current) => current && { ...current, percent }),
      });
      finish();
      onUploaded(result);
    } catch (error) {
      if (!controller.signal.aborted) {
        setProblem({ fileName: file.name, message: isApiError(error) ? error.message : failedText });
      }
    } finally {
      finish();
      clearInput();
    }
  };
  const cancel = () => {
    isFocusOwed.current = true;
    uploadRef.current?.abort();
    uploadRef.current = null;
    showProgress(null);
  };
  return {
    inputProps: {
      ref: inputRef,
      type: 'file',
      accept: IMAGE_ACCEPT,
      hidden: true,
      disabled: isFull,
      onChange: (event: ChangeEvent<HTMLInputElement>) => void pick(event.target.files?.[0]),
    },
    uploadButtonRef,
    progress,
    problem,
    open: () => inputRef.current?.click(),
    cancel,
  };
}
