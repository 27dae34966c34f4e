import type {
  TMerchantApplication,
  TMerchantApplicationRequest,
  TMerchantDocument,
  TMerchantInfoResponse,
  TMyMerchantApplicationResponse,
} from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, buildApiUrl } from '../../lib/api';
import { postFileWithProgress } from '../../lib/upload-image';

const MINE_KEY = ['merchant', 'application'] as const;

export function useMerchantInfo() {
  return useQuery({
    queryKey: ['merchant', 'info'],
    queryFn: () => api.get<TMerchantInfoResponse>('/merchant/info'),
  });
}

export function useMyApplication(isEnabled: boolean) {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: () => api.get<TMyMerchantApplicationResponse>('/merchant/application'),
    enabled: isEnabled,
  });
}

export function useSubmitApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantApplicationRequest) =>
      api.post<TMerchantApplication>('/merchant/application', body),
    onSuccess: () => client.invalidateQueries({ queryKey: MINE_KEY }),
  });
}

/** A document's private URL: served only to its owner, with the session cookie, never cached. */
export function merchantDocumentUrl(id: string): string {
  return buildApiUrl(`/merchant/documents/${id}`, undefined, i18next.language || 'en');
}

/** Uploads one identity or licence picture (multipart) with its progress; the server keeps it private. */
export function uploadMerchantDocument(
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<TMerchantDocument> {
  return postFileWithProgress<TMerchantDocument>(
    '/merchant/documents',
    file,
    { moduleName: 'merchant' },
    options,
  );
}
