import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { TUploadResponse } from '@caravan/contracts';
import { Upload, type UploadProps } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { isApiError, type TApiAudience } from '../../lib/api';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file';
import { postFileWithProgress } from '../../lib/upload-image';
import type { TUploadProblem } from './upload-problem';

/** The uploads under way of one uploader, by the file's uid: each tile's cancel button aborts its own. */
export type TUploadRequests = Map<string, AbortController>;

/**
 * What every picture-card upload of the platform shares: the upload endpoint with the page's language (its refusals
 * come translated) and the console's session, the module the pictures belong to, the formats, the check before
 * sending (lib/image-file.ts), and a request that can be cancelled (`requests`, cancelUpload): Ant Design hides a
 * tile's own actions while it uploads, so a slow upload could only be waited out.
 */
export function pictureUploadProps(
  t: TFunction,
  {
    moduleName,
    max,
    count,
    requests,
    onProblem,
    failedText,
  }: {
    moduleName: string;
    max: number;
    /** The pictures the field holds now (uploading ones included): a choice of more than fit names those left out. */
    count: number;
    requests: TUploadRequests;
    /**
     * Why the file last chosen was refused, before sending or by the server (null: it was taken), for UploadProblem.
     * The file's own name is kept here: Ant Design's list holds the names the tiles are shown by.
     */
    onProblem: (problem: TUploadProblem | null) => void;
    /** Said when an upload fails and the server gave no reason. */
    failedText: string;
  },
): UploadProps<TUploadResponse> {
  return {
    listType: 'picture-card',
    // The dialog offers the formats; a dropped file is let through to the check below, which names the problem:
    // Ant Design's own filter dropped it without a word.
    accept: { format: IMAGE_ACCEPT, filter: 'native' },
    beforeUpload: (file, chosen) => {
      // Files chosen together past the field's room are said, not dropped without a word by Ant Design's maxCount
      // (QA: 7 chosen for 6 places, the 7th silently gone). A one-picture field replaces its picture instead.
      if (max > 1 && chosen.indexOf(file) >= max - count) {
        onProblem({ fileName: file.name, message: t('common:privatePictures.notAdded', { max }) });
        return Upload.LIST_IGNORE;
      }
      const problem = imageFileProblem(t, file);
      onProblem(problem ? { fileName: file.name, message: problem } : null);
      return problem ? Upload.LIST_IGNORE : true;
    },
    // Read when the upload starts: the page's console says whose session it goes with.
    action: () => uploadAddress(window.location.pathname, i18next.language || 'en'),
    customRequest: ({ action, file, onProgress, onSuccess, onError }) => {
      const uid = (file as File & { uid: string }).uid;
      const controller = new AbortController();
      requests.set(uid, controller);
      postFileWithProgress<TUploadResponse>(
        action,
        file as File,
        { moduleName },
        {
          signal: controller.signal,
          onProgress: (percent) => onProgress?.({ percent }),
        },
      )
        .then((image) => onSuccess?.(image))
        .catch((error: unknown) => {
          // Cancelled: its tile is gone already, nothing to report.
          if (controller.signal.aborted) {
            return;
          }
          onProblem({
            fileName: (file as File).name,
            message: isApiError(error) ? error.message : failedText,
          });
          onError?.(error instanceof Error ? error : new Error(String(error)));
        })
        .finally(() => requests.delete(uid));
    },
    // One picture (a logo, a banner, an icon): Ant Design's maxCount 1 took the current picture away as soon as
    // another file was chosen, and a refused upload then left none, saved as "no logo" (QA). The list is kept by
    // nextUploadList instead: the current picture stays until its replacement is uploaded.
    multiple: max > 1,
    maxCount: max === 1 ? undefined : max,
    // A tile being uploaded shows a spinner above its percentage: Ant Design's word in its place ("Téléchargement…")
    // was wider than the tile in several languages and cut. The word stays for screen readers.
    iconRender: (file) =>
      file.status === 'uploading' ? (
        <span role="status">
          <LoadingOutlined aria-hidden />
          <span className="cv-visually-hidden">{t('common:upload.uploading')}</span>
        </span>
      ) : (
        <PictureOutlined aria-hidden />
      ),
  };
}

/**
 * The uploader's list after Ant Design's change of `file`: a failed upload leaves it (its reason went to `onProblem`),
 * and in a one-picture field a finished upload replaces the picture shown before; until then (uploading,
 * refused, failed or cancelled) the previous picture stays.
 */
export function nextUploadList<T extends { uid: string; status?: string }>(
  fileList: T[],
  file: { uid: string; status?: string },
  max: number,
): T[] {
  if (file.status === 'error') {
    return fileList.filter((item) => item.uid !== file.uid);
  }
  if (max === 1 && file.status === 'done' && fileList.length > 1) {
    return fileList.filter((item) => item.uid === file.uid || item.status === 'uploading').slice(-1);
  }
  return fileList;
}

/** An uploader's requests under way; leaving the form stops what is still uploading. */
export function useUploadRequests(): TUploadRequests {
  const [requests] = useState<TUploadRequests>(() => new Map());
  useEffect(
    () => () => {
      for (const uid of [...requests.keys()]) {
        cancelUpload(requests, uid);
      }
    },
    [requests],
  );
  return requests;
}

/** Stops the upload of the file `uid` (its tile is taken away by the caller). */
function cancelUpload(requests: TUploadRequests, uid: string): void {
  requests.get(uid)?.abort();
  requests.delete(uid);
}

/**
 * A tile's cancel (UploadTile's `onCancel`): stops the upload of the file `uid` and gives the list without its tile,
 * for the uploader's `onChange`. Ant Design hides an uploading tile's own remove button, so the tile goes here.
 */
export function withoutCancelledUpload<T extends { uid: string }>(
  requests: TUploadRequests,
  files: T[],
  uid: string,
): T[] {
  cancelUpload(requests, uid);
  return files.filter((item) => item.uid !== uid);
}

/**
 * Whose session an upload on this page goes with: a browser holding a buyer's and a seller's (or staff) session sent
 * the seller's pictures as the buyer's, and saving the product then refused them as not the seller's own uploads.
 */
function uploadAudienceOf(pathname: string): TApiAudience | undefined {
  if (pathname === '/seller' || pathname.startsWith('/seller/')) {
    return 'seller';
  }
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    return 'staff';
  }
  return undefined;
}

/** The upload endpoint for a page at `pathname`, in the page's language (refusals come translated). */
export function uploadAddress(pathname: string, lang: string): string {
  const query = new URLSearchParams({ lang });
  const audience = uploadAudienceOf(pathname);
  if (audience) {
    query.set('as', audience);
  }
  return `/api/v1/uploads?${query}`;
}
