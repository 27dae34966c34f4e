import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  isUploading,
  SortableImageUploader,
  type TSortableImageUploaderProps,
  type TUploadItem,
  uploadedRefs,
} from './sortable-image-uploader';

/** A picture field's value in its form: the uploads shown, finished or not. */
export type TPictures = TUploadItem[];

/** The uploader as a form control: the form gives it its value (`files`) and takes its changes. */
function PicturesControl({
  files,
  onChange,
  ...props
}: Omit<TSortableImageUploaderProps, 'files' | 'onChange'> & {
  files?: TPictures;
  onChange?: (files: TPictures) => void;
}) {
  return <SortableImageUploader {...props} files={files ?? []} onChange={(next) => onChange?.(next)} />;
}

/** Refuses pictures still uploading and, with `requiredMessage`, none uploaded. */
export function picturesRule(messages: { uploading: string; required?: string }): Rule {
  return {
    validator: async (_rule, files: TPictures | undefined) => {
      if (isUploading(files ?? [])) {
        throw new Error(messages.uploading);
      }
      if (messages.required !== undefined && uploadedRefs(files ?? []).length === 0) {
        throw new Error(messages.required);
      }
    },
  };
}

/**
 * Pictures uploaded with progress and drag order, as a field of its form: it is checked with the other fields (by
 * `rules`, e.g. picturesRule) and an error about it, the server's too, shows beside it. Its value is TPictures.
 */
export function PictureField({
  name,
  label,
  extra,
  isRequired = false,
  rules,
  ...uploader
}: Omit<TSortableImageUploaderProps, 'files' | 'onChange'> & {
  name: string;
  extra?: string;
  isRequired?: boolean;
  rules?: Rule[];
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      required={isRequired}
      valuePropName="files"
      rules={rules}
    >
      <PicturesControl label={label} {...uploader} />
    </Form.Item>
  );
}
