import type { TUploadResponse } from '@caravan/contracts';
import i18next from 'i18next';
import { ApiError, buildApiUrl, CLIENT_ERROR_CODES, type TApiAudience } from './api';

function readError(status: number, text: string): ApiError {
  try {
    const payload = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (payload.error?.code) {
      return new ApiError({
        status,
        code: payload.error.code,
        message: payload.error.message || i18next.t('common:errors.generic'),
      });
    }
  } catch {
    // not JSON: fall through to the generic error
  }
  return new ApiError({
    status,
    code: CLIENT_ERROR_CODES.badResponse,
    message: i18next.t('common:errors.generic'),
  });
}

type TUploadOptions = {
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  audience?: TApiAudience;
};

/**
 * POSTs one file as multipart through XMLHttpRequest, which (unlike fetch) reports upload progress. `onProgress`
 * receives 0-100; aborting the signal stops the upload (the promise rejects with an AbortError). `audience` says
 * whose session uploads when the browser holds several (an agent in /cs also logged in as a buyer uploads as the
 * agent); without it the server takes any live one.
 */
export function postFileWithProgress<T>(
  path: string,
  file: File,
  fields: Record<string, string>,
  options: TUploadOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = options.audience ? { as: options.audience } : undefined;
    xhr.open('POST', buildApiUrl(path, query, i18next.language || 'en'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(readError(xhr.status, ''));
        }
        return;
      }
      reject(readError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          code: CLIENT_ERROR_CODES.network,
          message: i18next.t('common:errors.network'),
        }),
      );
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      body.append(name, value);
    }
    body.append('file', file);
    xhr.send(body);
  });
}

/** POST /api/v1/uploads: the one upload path of every public picture (wallet certificates, chat, ...). */
export function uploadImage(
  file: File,
  options: TUploadOptions & { moduleName: string },
): Promise<TUploadResponse> {
  const { moduleName, ...rest } = options;
  return postFileWithProgress<TUploadResponse>('/uploads', file, { moduleName }, rest);
}
