import { vi } from 'vitest';

/** One upload sent through the stand-in: the test reports its progress and answers it. */
export type TUploadRequest = {
  url: string;
  isAborted: boolean;
  progress: (loaded: number, total: number) => void;
  answer: (status: number, body: unknown) => void;
};

/**
 * Uploads go through XMLHttpRequest (for their progress, lib/upload-image.ts): a stand-in the test drives. With
 * `answerAtOnce`, each upload is answered with it as soon as it is sent.
 */
export function stubUploadRequests(answerAtOnce?: { status: number; body: unknown }): TUploadRequest[] {
  const requests: TUploadRequest[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      const request: TUploadRequest = {
        url: this.url,
        isAborted: false,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        answer: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
      };
      requests.push(request);
      this.abort = () => {
        request.isAborted = true;
        this.onabort?.();
      };
      if (answerAtOnce) {
        queueMicrotask(() => request.answer(answerAtOnce.status, answerAtOnce.body));
      }
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return requests;
}
