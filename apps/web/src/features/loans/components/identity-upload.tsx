import { CloseOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/image-file';
import { toast, toastError } from '../../../lib/toast';
import { identityImageUrl, uploadIdentityImage } from '../api/loans-api';

/**
 * One identity photo: upload with its progress (a scan of several megabytes takes a while on a phone) and a cancel,
 * kept private by the server, preview from the private URL, remove before sending.
 */
export function IdentityUpload({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation(['loans', 'errors']);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ percent: number; name: string } | null>(null);
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  // Cancelled from the keyboard: the focus goes to the Upload button that takes the Cancel button's place.
  const isFocusOwed = useRef(false);
  useEffect(() => {
    if (!progress && isFocusOwed.current) {
      isFocusOwed.current = false;
      uploadButtonRef.current?.focus();
    }
  }, [progress]);
  // Leaving the page (or the form) stops an upload still running.
  useEffect(() => () => uploadRef.current?.abort(), []);
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
    setProgress({ percent: 0, name: file.name });
    try {
      const image = await uploadIdentityImage(file, {
        signal: controller.signal,
        onProgress: (percent) => setProgress((current) => current && { ...current, percent }),
      });
      onChange(image.id);
    } catch (error) {
      if (!controller.signal.aborted) {
        toastError(error, t('loadError'));
      }
    } finally {
      if (uploadRef.current === controller) {
        uploadRef.current = null;
        setProgress(null);
      }
      clearInput();
    }
  };
  const cancel = () => {
    isFocusOwed.current = true;
    uploadRef.current?.abort();
    uploadRef.current = null;
    setProgress(null);
  };
  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={label}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {progress ? (
        <div className="cv-identity-upload__progress">
          <span className="cv-muted" dir="auto">
            {progress.name}
          </span>
          <Progress
            percent={progress.percent}
            size="small"
            aria-label={t('verify.uploadProgress', { label })}
          />
          <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={cancel}>
            {t('verify.cancelUpload')}
          </Button>
        </div>
      ) : value ? (
        <Space align="start" wrap>
          <img
            src={identityImageUrl(value)}
            alt={label}
            width={160}
            height={110}
            style={{ objectFit: 'cover' }}
          />
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange(undefined)}>
            {t('verify.remove')}
          </Button>
        </Space>
      ) : (
        <Button
          ref={uploadButtonRef}
          icon={<UploadOutlined aria-hidden />}
          onClick={() => inputRef.current?.click()}
        >
          {t('verify.upload')}
        </Button>
      )}
    </div>
  );
}
