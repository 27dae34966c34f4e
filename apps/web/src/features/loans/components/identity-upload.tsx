import { CloseOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { inputProps, uploadButtonRef, progress, open, cancel } = usePrivateUpload({
    upload: uploadIdentityImage,
    onUploaded: (image) => onChange(image.id),
    failedText: t('loadError'),
  });
  return (
    <div>
      <input {...inputProps} aria-label={label} />
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
        <Button ref={uploadButtonRef} icon={<UploadOutlined aria-hidden />} onClick={open}>
          {t('verify.upload')}
        </Button>
      )}
    </div>
  );
}
