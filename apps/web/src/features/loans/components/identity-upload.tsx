import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadProblem } from '../../../components/ui/upload-problem';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { usePrivateUpload } from '../../../components/ui/use-private-upload';
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
  // A cancel from the keyboard hands the focus to the Upload button that takes the Cancel button's place.
  const { inputProps, uploadButtonRef, progress, problem, open, cancel } = usePrivateUpload({
    upload: uploadIdentityImage,
    onUploaded: (image) => onChange(image.id),
    failedText: t('loadError'),
  });
  return (
    <div>
      <input {...inputProps} aria-label={label} />
      {progress ? (
        <UploadProgress
          name={progress.name}
          percent={progress.percent}
          progressLabel={t('verify.uploadProgress', { label })}
          cancelText={t('verify.cancelUpload')}
          onCancel={cancel}
        />
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
        <Button ref={uploadButtonRef} icon={<UploadOutlined aria-hidden />} onClick={open}>
          {t('verify.upload')}
        </Button>
      )}
      <UploadProblem problem={problem} />
    </div>
  );
}
