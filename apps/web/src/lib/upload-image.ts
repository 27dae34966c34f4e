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

/**
 * POST /api/v1/uploads as multipart through XMLHttpRequest, which (unlike fetch) reports upload progress: the one
 * upload path of every picture (wallet certificates, chat, ...). `onProgress` receives 0-100; aborting the signal
 * removes the upload before it is sent. `audience` says whose session uploads when the browser holds several
 * (an agent in /cs also logged in as a buyer uploads as the agent); without it the server takes any live one.
 */
export function uploadImage(
  file: File,
  options: {
    moduleName: string;
    onProgress: (percent: number) => void;
    signal?: AbortSignal;
    audience?: TApiAudience;
  },
): Promise<TUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = options.audience ? { as: options.audience } : undefined;
    xhr.open('POST', buildApiUrl('/uploads', query, i18next.language || 'en'));
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
          resolve(JSON.parse(xhr.responseText) as TUploadResponse);
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
    body.append('moduleName', options.moduleName);
    body.append('file', file);
    xhr.send(body);
  });
}
