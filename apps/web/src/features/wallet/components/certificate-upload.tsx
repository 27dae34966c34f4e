import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/image-file';
import { toast, toastError } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';

type TUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; name: string; preview: string }
  | { phase: 'done'; url: string; name: string; preview: string };

/**
 * Payment certificate: one image, uploaded with progress, removable before the recharge is sent. Reports the
 * stored address (or undefined) and whether an upload is still running. As a form field's control, the Form.Item
 * around it passes `onChange`.
 */
export function CertificateUpload({
  onChange,
  onBusyChange,
}: {
  onChange?: (url: string | undefined) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  const [state, setState] = useState<TUploadState>({ phase: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (previewRef.current) {
        URL.revokeObjectURL(previewRef.current);
      }
    },
    [],
  );

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    if (previewRef.current) {
      URL.revokeObjectURL(previewRef.current);
      previewRef.current = null;
    }
    setState({ phase: 'idle' });
    onChange?.(undefined);
    onBusyChange(false);
    if (inputRef.current) {
      inputRef.current.value = '';
    }
  };

  const start = async (file: File) => {
    const problem = imageFileProblem(t, file);
    if (problem) {
      toast.error(problem);
      return;
    }
    reset();
    const preview = URL.createObjectURL(file);
    previewRef.current = preview;
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ phase: 'uploading', percent: 0, name: file.name, preview });
    onBusyChange(true);
    try {
      const image = await uploadImage(file, {
        moduleName: 'recharge',
        signal: controller.signal,
        onProgress: (percent) =>
          setState((current) => (current.phase === 'uploading' ? { ...current, percent } : current)),
      });
      if (controller.signal.aborted) {
        return;
      }
      setState({ phase: 'done', url: image.url, name: file.name, preview });
      onChange?.(image.url);
    } catch (error) {
      if (controller.signal.aborted) {
        return;
      }
      toastError(error, t('upload.failed'));
      reset();
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        onBusyChange(false);
      }
    }
  };

  return (
    <div className="cv-wallet-upload">
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        data-testid="certificate-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) {
            void start(file);
          }
        }}
      />
      {state.phase === 'idle' ? (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => inputRef.current?.click()}>
          {t('upload.choose')}
        </Button>
      ) : (
        <>
          <img
            src={state.preview}
            alt={t('upload.previewAlt')}
            width={96}
            height={96}
            className="cv-wallet-upload__preview"
          />
          <div className="cv-wallet-upload__info">
            <span className="cv-muted" dir="auto">
              {state.name}
            </span>
            {state.phase === 'uploading' ? (
              <Progress percent={state.percent} size="small" aria-label={t('upload.progress')} />
            ) : (
              <span>{t('upload.done')}</span>
            )}
            <Button size="small" icon={<DeleteOutlined aria-hidden />} onClick={reset} danger>
              {t('upload.remove')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
