import type { TUploadResponse } from '@caravan/contracts';
import { Upload, type UploadProps } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file';
import { toast } from '../../lib/toast';

/**
 * What every picture-card upload of the platform shares: the upload endpoint with the page's language (its refusals
 * come translated), the module the pictures belong to, the formats, and the check before sending (lib/image-file.ts).
 */
export function pictureUploadProps(
  t: TFunction,
  { moduleName, max }: { moduleName: string; max: number },
): UploadProps<TUploadResponse> {
  return {
    listType: 'picture-card',
    // The dialog offers the formats; a dropped file is let through to the check below, which names the problem:
    // Ant Design's own filter dropped it without a word.
    accept: { format: IMAGE_ACCEPT, filter: 'native' },
    beforeUpload: (file) => {
      const problem = imageFileProblem(t, file);
      if (problem) {
        toast.error(problem);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    action: `/api/v1/uploads?lang=${encodeURIComponent(i18next.language || 'en')}`,
    name: 'file',
    data: { moduleName },
    withCredentials: true,
    multiple: true,
    maxCount: max,
  };
}
