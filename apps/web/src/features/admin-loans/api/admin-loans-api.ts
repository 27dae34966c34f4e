import type {
  TAdminLoan,
  TAdminLoanDetail,
  TAdminLoanSort,
  TAdminVerification,
  TLoan,
  TLoanBook,
  TLoanProduct,
  TLoanProductRequest,
  TLoanStatus,
  TPage,
  TVerification,
  TVerificationStatus,
} from '@caravan/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { TTableSort } from '../../../components/ui/table-sort';
import { api, buildApiUrl } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

/** The staff calls of the loans console (kyc.review and loans.review); one file for the small domain. */
const staffCall = { audience: 'staff' } as const;
const KEYS = {
  all: ['admin', 'loans'] as const,
  verifications: (filter: object) => ['admin', 'loans', 'verifications', filter] as const,
  loans: (filter: object) => ['admin', 'loans', 'list', filter] as const,
  loan: (id: string) => ['admin', 'loans', 'detail', id] as const,
  book: ['admin', 'loans', 'book'] as const,
  products: ['admin', 'loans', 'products'] as const,
};

export function useAdminVerifications(filter: {
  pageNum: number;
  pageSize: number;
  status?: TVerificationStatus;
}) {
  return useQuery({
    queryKey: KEYS.verifications(filter),
    queryFn: () =>
      api.get<TPage<TAdminVerification>>('/admin/verifications', { ...staffCall, query: filter }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLoans(
  filter: {
    pageNum: number;
    pageSize: number;
    status?: TLoanStatus | undefined;
  } & TTableSort<TAdminLoanSort>,
) {
  return useQuery({
    queryKey: KEYS.loans(filter),
    queryFn: () => api.get<TPage<TAdminLoan>>('/admin/loans', { ...staffCall, query: filter }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLoan(id: string | undefined) {
  return useQuery({
    queryKey: KEYS.loan(id ?? ''),
    queryFn: () => api.get<TAdminLoanDetail>(`/admin/loans/${id}`, staffCall),
    enabled: Boolean(id),
  });
}

export function useLoanBook() {
  return useQuery({ queryKey: KEYS.book, queryFn: () => api.get<TLoanBook>('/admin/loans/book', staffCall) });
}

export function useAdminProducts() {
  return useQuery({
    queryKey: KEYS.products,
    queryFn: () => api.get<{ products: TLoanProduct[] }>('/admin/loan-products', staffCall),
  });
}

function useStaffMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Not returned: TanStack awaits an onSettled promise before mutateAsync resolves, so the review drawer
    // would say "Saved" and close only once the list and the open detail had been fetched again (seconds on
    // a loaded machine, after the server had long answered). The queries refresh in the background instead.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEYS.all });
    },
    meta: { isToastSkipped: true },
  });
}

export function useReviewVerification() {
  return useStaffMutation(
    (input: { id: string; decision: 'approve' | 'reject' | 'resubmit'; reason?: string }) =>
      api.post<TVerification>(
        `/admin/verifications/${input.id}/review`,
        { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) },
        staffCall,
      ),
  );
}

/** Approval disburses money: one Idempotency-Key per staff intent (a double click is one approval). */
export function useApproveLoan() {
  return useStaffMutation((input: { id: string; amount?: string }) =>
    runIntent('loan-approve', input, ({ key }) =>
      api.post<TLoan>(`/admin/loans/${input.id}/approve`, input.amount ? { amount: input.amount } : {}, {
        ...staffCall,
        idempotencyKey: key,
      }),
    ),
  );
}

export function useRejectLoan() {
  return useStaffMutation((input: { id: string; reason: string }) =>
    runIntent('loan-reject', input, ({ key }) =>
      api.post<TLoan>(
        `/admin/loans/${input.id}/reject`,
        { reason: input.reason },
        { ...staffCall, idempotencyKey: key },
      ),
    ),
  );
}

/** Takes back an offer the borrower has not answered; one Idempotency-Key per staff intent, as the other decisions. */
export function useWithdrawLoanOffer() {
  return useStaffMutation((input: { id: string; reason: string }) =>
    runIntent('loan-withdraw-offer', input, ({ key }) =>
      api.post<TLoan>(
        `/admin/loans/${input.id}/withdraw-offer`,
        { reason: input.reason },
        { ...staffCall, idempotencyKey: key },
      ),
    ),
  );
}

export function useSaveProduct() {
  return useStaffMutation((input: { id?: string; body: TLoanProductRequest }) =>
    input.id
      ? api.put<TLoanProduct>(`/admin/loan-products/${input.id}`, input.body, staffCall)
      : api.post<TLoanProduct>('/admin/loan-products', input.body, staffCall),
  );
}

/** An identity photo for staff with kyc.review (the staff cookie authenticates it). */
export function staffImageUrl(id: string): string {
  return buildApiUrl(`/admin/verifications/images/${id}`, undefined, i18next.language || 'en');
}
