import { PlusOutlined } from '@ant-design/icons';
import type { TUploadResponse } from '@caravan/contracts';
import { Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { pictureUploadProps } from '../../../components/ui/picture-upload-props';
import { imageLimitsText } from '../../../lib/image-file';
import { toast } from '../../../lib/toast';

type TImageUploaderProps = {
  files: UploadFile<TUploadResponse>[];
  onChange: (files: UploadFile<TUploadResponse>[]) => void;
  max: number;
  moduleName: string;
  label: string;
};

/** Picture uploads with progress; each can be removed before the form is sent (DESIGN.md). */
export function ImageUploader({ files, onChange, max, moduleName, label }: TImageUploaderProps) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
    <>
      <Upload<TUploadResponse>
        {...pictureUploadProps(t, { moduleName, max })}
        fileList={files}
        onChange={({ file, fileList }) => {
          if (file.status === 'error') {
            const response = file.response as { error?: { message?: string } } | undefined;
            toast.error(response?.error?.message ?? t('upload.failed'));
            onChange(fileList.filter((item) => item.uid !== file.uid));
            return;
          }
          onChange(fileList);
        }}
      >
        {files.length >= max ? null : (
          <button
            type="button"
            aria-label={label}
            style={{ border: 0, background: 'none', cursor: 'pointer' }}
          >
            <PlusOutlined aria-hidden />
            <div style={{ marginBlockStart: 8 }}>{t('upload.add')}</div>
          </button>
        )}
      </Upload>
      <div className="cv-upload-limits">{imageLimitsText(t)}</div>
    </>
  );
}

/** Addresses of the finished uploads, in the order shown. */
export function readUploadedUrls(files: UploadFile<TUploadResponse>[]): string[] {
  return files.flatMap((file) => (file.status === 'done' && file.response?.url ? [file.response.url] : []));
}

export function isAnyUploading(files: UploadFile<TUploadResponse>[]): boolean {
  return files.some((file) => file.status === 'uploading');
}
