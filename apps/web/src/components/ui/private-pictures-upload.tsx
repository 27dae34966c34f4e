import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProblem } from './upload-problem';
import { UploadProgress } from './upload-progress';
import { type TPrivateUploadRequest, usePrivateUpload } from './use-private-upload';
import './private-pictures-upload.css';

/** A picture the server keeps private: named by id, shown from a URL only its owner (and reviewers) may read. */
export type TPrivatePicture = { id: string; width: number; height: number };

export type TPrivateUpload = TPrivateUploadRequest<TPrivatePicture>;

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
  const listRef = useRef<HTMLUListElement>(null);
  const latest = useRef(pictures);
  latest.current = pictures;
  const { inputProps, uploadButtonRef, progress, problem, open, cancel } = usePrivateUpload({
    upload,
    onUploaded: (picture) => onChange?.([...latest.current, picture]),
    onUploadingChange,
    failedText: t('common:errors.generic'),
    max,
    capacity: max - pictures.length,
  });
  // After a removal from the keyboard, the focus goes where the control went, not to the page.
  const [focusOwed, setFocusOwed] = useState<number | null>(null);
  useEffect(() => {
    if (focusOwed === null) {
      return;
    }
    setFocusOwed(null);
    const removeButtons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target =
      removeButtons.length === 0
        ? uploadButtonRef.current
        : removeButtons[Math.min(focusOwed, removeButtons.length - 1)];
    target?.focus();
  }, [focusOwed, uploadButtonRef]);
  const remove = (index: number) => {
    onChange?.(pictures.filter((_, i) => i !== index));
    setFocusOwed(index);
  };
  const nameOf = (index: number) =>
    t('common:sortablePictures.name', { label, position: index + 1, count: pictures.length });

  return (
    <div className="cv-private-pictures">
      <input {...inputProps} id={id} aria-label={label} />
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
        <UploadProgress
          name={progress.name}
          percent={progress.percent}
          progressLabel={t('common:privatePictures.progress', { label })}
          cancelText={t('common:privatePictures.cancel')}
          onCancel={cancel}
        />
      ) : pictures.length < max ? (
        <Button ref={uploadButtonRef} icon={<UploadOutlined aria-hidden />} onClick={open}>
          {t('common:privatePictures.add')}
        </Button>
      ) : null}
      <UploadProblem problem={problem} />
    </div>
  );
}
