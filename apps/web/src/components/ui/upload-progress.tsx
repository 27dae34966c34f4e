import { CloseOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import './upload-progress.css';

/** A private picture's upload under way: the file's name, how far it is, and its cancel (identity photo, documents). */
export function UploadProgress({
  name,
  percent,
  progressLabel,
  cancelText,
  onCancel,
}: {
  name: string;
  percent: number;
  progressLabel: string;
  cancelText: string;
  onCancel: () => void;
}) {
  return (
    <div className="cv-upload-progress">
      <span className="cv-muted" dir="auto">
        {name}
      </span>
      <Progress percent={percent} size="small" aria-label={progressLabel} />
      <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={onCancel}>
        {cancelText}
      </Button>
    </div>
  );
}
