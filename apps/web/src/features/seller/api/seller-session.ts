import type { TLoginRequest, TLoginResponse, TSellerMeResponse } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';

export const SELLER_ME_KEY = ['seller', 'me'] as const;
const sellerCall = { audience: 'seller' } as const;

export function loginSeller(body: TLoginRequest) {
  return api.post<TLoginResponse>('/seller/auth/login', body, sellerCall);
}

export function logoutSeller() {
  return api.post('/seller/auth/logout', {}, sellerCall);
}

/** The seller and their store; null when the seller cookie is missing or expired. */
export async function fetchSellerMe(): Promise<TSellerMeResponse | null> {
  try {
    return await api.get<TSellerMeResponse>('/seller/auth/me', sellerCall);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      return null;
    }
    throw error;
  }
}

export function useSellerMe() {
  return useQuery({
    queryKey: SELLER_ME_KEY,
    queryFn: fetchSellerMe,
    staleTime: 60_000,
    retry: false,
  });
}
