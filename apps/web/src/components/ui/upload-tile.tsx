import { CloseOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './upload-tile.css';

/**
 * A picture-card tile with, while its file uploads, a cancel control in its corner: Ant Design hides the tile's own
 * remove button until the upload ends. A named button the keyboard reaches ("Cancel the upload of Images: picture 3
 * of 3"); `onCancel` aborts the request and takes the tile away.
 */
export function UploadTile({
  file,
  onCancel,
  children,
}: {
  file: { status?: string; name: string };
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (file.status !== 'uploading') {
    return children;
  }
  const label = t('upload.cancel', { name: file.name });
  return (
    <div className="cv-upload-tile">
      {children}
      <button
        type="button"
        className="cv-tile-corner-button cv-upload-cancel"
        aria-label={label}
        title={label}
        onClick={onCancel}
        // Not the start of a drag of the sortable tile around it.
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}
