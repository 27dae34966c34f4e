import { PlusOutlined } from '@ant-design/icons';
import type { TUploadResponse } from '@caravan/contracts';
import { Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nextUploadList,
  pictureUploadProps,
  useUploadRequests,
  withoutCancelledUpload,
} from '../../../components/ui/picture-upload-props';
import { type TUploadProblem, UploadProblem } from '../../../components/ui/upload-problem';
import { UploadTile } from '../../../components/ui/upload-tile';
import { imageLimitsText } from '../../../lib/image-file';

type TImageUploaderProps = {
  files: UploadFile<TUploadResponse>[];
  onChange: (files: UploadFile<TUploadResponse>[]) => void;
  max: number;
  moduleName: string;
  label: string;
};

/** Picture uploads with progress; each can be cancelled while it uploads, and removed before sending (DESIGN.md). */
export function ImageUploader({ files, onChange, max, moduleName, label }: TImageUploaderProps) {
  const { t } = useTranslation(['orders', 'errors', 'common']);
  const requests = useUploadRequests();
  const [problem, setProblem] = useState<TUploadProblem | null>(null);
  return (
    <>
      <Upload<TUploadResponse>
        {...pictureUploadProps(t, {
          moduleName,
          max,
          count: files.length,
          requests,
          onProblem: setProblem,
          failedText: t('upload.failed'),
        })}
        fileList={files}
        itemRender={(node, file) => (
          <UploadTile
            file={file}
            onCancel={() => onChange(withoutCancelledUpload(requests, files, file.uid))}
          >
            {node}
          </UploadTile>
        )}
        onChange={({ file, fileList }) => {
          onChange(nextUploadList(fileList, file, max));
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
      <UploadProblem problem={problem} />
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
