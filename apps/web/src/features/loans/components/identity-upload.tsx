import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL } from '@caravan/contracts';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../lib/toast';
import { identityImageUrl, uploadIdentityImage } from '../api/loans-api';

/** One identity photo: upload (kept private by the server), preview from the private URL, remove before sending. */
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
  const [isUploading, setUploading] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    // Told at once, not after sending the whole file to be refused.
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error(t('errors:IMAGE_TOO_LARGE', { max: UPLOAD_MAX_LABEL }));
      if (inputRef.current) {
        inputRef.current.value = '';
      }
      return;
    }
    setUploading(true);
    try {
      const image = await uploadIdentityImage(file);
      onChange(image.id);
    } catch (error) {
      toastError(error, t('loadError'));
    } finally {
      setUploading(false);
      if (inputRef.current) {
        inputRef.current.value = '';
      }
    }
  };
  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        aria-label={label}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {value ? (
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
          icon={<UploadOutlined aria-hidden />}
          loading={isUploading}
          onClick={() => inputRef.current?.click()}
        >
          {isUploading ? t('verify.uploading') : t('verify.upload')}
        </Button>
      )}
    </div>
  );
}
