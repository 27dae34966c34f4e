import type {
  TApplyLoanRequest,
  TDeclineLoanOfferRequest,
  TIdentityImage,
  TLoan,
  TLoanProduct,
  TMyLoans,
  TMyVerification,
  TRepayLoanRequest,
  TSubmitAdvancedRequest,
  TSubmitRealNameRequest,
  TVerification,
} from '@caravan/contracts';
import { MY_LOANS_PAGE_SIZE } from '@caravan/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, buildApiUrl } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';
import { postFileWithProgress } from '../../../lib/upload-image';

/**
 * The buyer's loan and verification calls. One small file for the whole domain: every call is a line or
 * two, and the query keys they share stay in one place.
 */
export const LOAN_KEYS = {
  all: ['loans'] as const,
  products: ['loans', 'products'] as const,
  mine: ['loans', 'mine'] as const,
  verification: ['loans', 'verification'] as const,
  wallet: ['wallet'] as const,
};

export function useLoanProducts() {
  return useQuery({
    queryKey: LOAN_KEYS.products,
    queryFn: () => api.get<{ products: TLoanProduct[] }>('/loans/products'),
    staleTime: 60_000,
  });
}

/** The current loan and one page of the history (`page` from 1; MY_LOANS_PAGE_SIZE loans a page). */
export function useMyLoans(isEnabled = true, page = 1) {
  return useQuery({
    queryKey: [...LOAN_KEYS.mine, page],
    queryFn: () =>
      api.get<TMyLoans>('/loans/mine', { query: { pageNum: page, pageSize: MY_LOANS_PAGE_SIZE } }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useMyVerification(isEnabled = true) {
  return useQuery({
    queryKey: LOAN_KEYS.verification,
    queryFn: () => api.get<TMyVerification>('/verification'),
    enabled: isEnabled,
  });
}

function useInvalidatingMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: LOAN_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: LOAN_KEYS.wallet });
    },
    meta: { isToastSkipped: true },
  });
}

/** Applications and repayments move money: one Idempotency-Key per user intent (a double click is one action). */
export function useApplyLoan() {
  return useInvalidatingMutation((body: TApplyLoanRequest) =>
    runIntent('loan-apply', body, ({ key }) => api.post<TLoan>('/loans', body, { idempotencyKey: key })),
  );
}

export function useRepayLoan() {
  return useInvalidatingMutation((input: { id: string; body: TRepayLoanRequest }) =>
    runIntent('loan-repay', input, ({ key }) =>
      api.post<{ loan: TLoan }>(`/loans/${input.id}/repay`, input.body, { idempotencyKey: key }),
    ),
  );
}

/** Accepting an offer pays it out: one Idempotency-Key per intent, like a repayment. */
export function useAcceptLoanOffer() {
  return useInvalidatingMutation((input: { id: string }) =>
    runIntent('loan-accept-offer', input, ({ key }) =>
      api.post<TLoan>(`/loans/${input.id}/accept`, {}, { idempotencyKey: key }),
    ),
  );
}

export function useDeclineLoanOffer() {
  return useInvalidatingMutation((input: { id: string; body: TDeclineLoanOfferRequest }) =>
    api.post<TLoan>(`/loans/${input.id}/decline`, input.body),
  );
}

export function useSubmitRealName() {
  return useInvalidatingMutation((body: TSubmitRealNameRequest) =>
    api.post<TVerification>('/verification/real-name', body),
  );
}

export function useSubmitAdvanced() {
  return useInvalidatingMutation((body: TSubmitAdvancedRequest) =>
    api.post<TVerification>('/verification/advanced', body),
  );
}

/** The private picture URL (served only to its owner with the session cookie). */
export function identityImageUrl(id: string): string {
  return buildApiUrl(`/verification/images/${id}`, undefined, i18next.language || 'en');
}

/** Uploads one identity photo (multipart) with its progress; the server keeps it private. */
export function uploadIdentityImage(
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<TIdentityImage> {
  return postFileWithProgress<TIdentityImage>(
    '/verification/images',
    file,
    { moduleName: 'identity' },
    options,
  );
}
