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
 * a file chosen was refused. A full field (`capacity` 0) refuses a file its label still let be chosen.
 */
export function usePrivateUpload<TResult>({
  upload,
  onUploaded,
  onUploadingChange,
  failedText,
  max = 1,
  capacity = 1,
}: {
  upload: TPrivateUploadRequest<TResult>;
  onUploaded: (result: TResult) => void;
  /** Told at once, before `onUploaded`'s value reaches a form: its check of the field must not still see an upload. */
  onUploadingChange?: (isUploading: boolean) => void;
  /** Said when the upload fails and the server gave no reason. */
  failedText: string;
  /** The most pictures the field holds, and how many more it takes now (0: full). */
  max?: number;
  capacity?: number;
}) {
  const { t } = useTranslation(['errors', 'common']);
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
  /** Sends one file; whether the next chosen may follow (not after a cancel). */
  const sendOne = async (file: File): Promise<boolean> => {
    // Told at once, not after sending the whole file to be refused.
    const refusal = imageFileProblem(t, file);
    if (refusal) {
      setProblem({ fileName: file.name, message: refusal });
      return true;
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
      if (controller.signal.aborted) {
        return false;
      }
      setProblem({ fileName: file.name, message: isApiError(error) ? error.message : failedText });
    } finally {
      finish();
    }
    return true;
  };
  /**
   * The files chosen, one after the other, as many as the field still takes: nine documents were nine trips through
   * the file chooser (QA). The first file left out is named, with the field's most.
   */
  const pick = async (files: File[]) => {
    clearInput();
    setProblem(null);
    const taken = files.slice(0, Math.max(capacity, 0));
    const leftOut = files[taken.length];
    for (const file of taken) {
      if (!(await sendOne(file))) {
        break;
      }
    }
    if (leftOut) {
      setProblem({ fileName: leftOut.name, message: t('common:privatePictures.notAdded', { max }) });
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
      multiple: max > 1,
      disabled: capacity <= 0,
      onChange: (event: ChangeEvent<HTMLInputElement>) => void pick([...(event.target.files ?? [])]),
    },
    uploadButtonRef,
    progress,
    problem,
    open: () => inputRef.current?.click(),
    cancel,
  };
}
