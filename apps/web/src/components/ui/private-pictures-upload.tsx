import { CloseOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file';
import { toast, toastError } from '../../lib/toast';
import './private-pictures-upload.css';

/** A picture the server keeps private: named by id, shown from a URL only its owner (and reviewers) may read. */
export type TPrivatePicture = { id: string; width: number; height: number };

export type TPrivateUpload = (
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<TPrivatePicture>;

/**
 * Private pictures as a form control (merchant application documents): one upload at a time with its progress and
 * a cancel, previews from the private URL (`urlOf`, read with the session cookie, never an /uploads address), each
 * removable before sending. `onUploadingChange` tells the form an upload is still running.
 */
export function PrivatePicturesUpload({
  id,
  label,
  value,
  onChange,
  onUploadingChange,
  max,
  upload,
  urlOf,
}: {
  /** The form item's id (Form.Item passes it): the file input's, so the field's label opens the chooser. */
  id?: string;
  label: string;
  value?: TPrivatePicture[];
  onChange?: (pictures: TPrivatePicture[]) => void;
  onUploadingChange?: (isUploading: boolean) => void;
  max: number;
  upload: TPrivateUpload;
  urlOf: (id: string) => string;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const pictures = value ?? [];
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ percent: number; name: string } | null>(null);
  // After a cancel or a removal from the keyboard, the focus goes where the control went, not to the page.
  const [focusOwed, setFocusOwed] = useState<number | 'upload' | null>(null);
  const latest = useRef(pictures);
  latest.current = pictures;
  // Told at once, before the new value reaches the form: its check of the field must not still see an upload.
  const showProgress = (next: { percent: number; name: string } | null) => {
    setProgress(next);
    onUploadingChange?.(next !== null);
  };
  // Leaving the page (or the form) stops an upload still running.
  useEffect(() => () => uploadRef.current?.abort(), []);
  useEffect(() => {
    if (focusOwed === null) {
      return;
    }
    setFocusOwed(null);
    const removeButtons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target =
      focusOwed === 'upload' || removeButtons.length === 0
        ? uploadButtonRef.current
        : removeButtons[Math.min(focusOwed, removeButtons.length - 1)];
    target?.focus();
  }, [focusOwed]);

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
    const problem = imageFileProblem(t, file);
    if (problem) {
      toast.error(problem);
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
      const picture = await upload(file, {
        signal: controller.signal,
        onProgress: (percent) => setProgress((current) => current && { ...current, percent }),
      });
      finish();
      onChange?.([...latest.current, picture]);
    } catch (error) {
      if (!controller.signal.aborted) {
        toastError(error, t('common:errors.generic'));
      }
    } finally {
      finish();
      clearInput();
    }
  };
  const cancel = () => {
    uploadRef.current?.abort();
    uploadRef.current = null;
    showProgress(null);
    setFocusOwed('upload');
  };
  const remove = (index: number) => {
    onChange?.(pictures.filter((_, i) => i !== index));
    setFocusOwed(index);
  };
  const nameOf = (index: number) =>
    t('common:sortablePictures.name', { label, position: index + 1, count: pictures.length });

  return (
    <div className="cv-private-pictures">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={label}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {pictures.length > 0 ? (
        <ul ref={listRef} className="cv-private-pictures__list" data-testid="private-pictures">
          {pictures.map((picture, index) => (
            <li key={picture.id} className="cv-private-pictures__item">
              <img src={urlOf(picture.id)} alt={nameOf(index)} width={120} height={90} />
              <Button
                size="small"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('common:privatePictures.removeNamed', { name: nameOf(index) })}
                onClick={() => remove(index)}
              >
                {t('common:privatePictures.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {progress ? (
        <div className="cv-private-pictures__progress">
          <span className="cv-muted" dir="auto">
            {progress.name}
          </span>
          <Progress
            percent={progress.percent}
            size="small"
            aria-label={t('common:privatePictures.progress', { label })}
          />
          <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={cancel}>
            {t('common:privatePictures.cancel')}
          </Button>
        </div>
      ) : pictures.length < max ? (
        <Button
          ref={uploadButtonRef}
          icon={<UploadOutlined aria-hidden />}
          onClick={() => inputRef.current?.click()}
        >
          {t('common:privatePictures.add')}
        </Button>
      ) : null}
    </div>
  );
}
