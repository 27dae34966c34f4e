import type {
  TCancellationCheck,
  TChangePasswordRequest,
  TChangeTxPasswordRequest,
  TResetTxPasswordRequest,
  TSetTxPasswordRequest,
  TUserInfo,
} from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setSession } from '../../../lib/session';

export function changeLoginPassword(body: TChangePasswordRequest): Promise<unknown> {
  return api.post('/account/password', body);
}

export function setTxPassword(body: TSetTxPasswordRequest): Promise<unknown> {
  return api.post('/account/tx-password', body);
}

export function changeTxPassword(body: TChangeTxPasswordRequest): Promise<unknown> {
  return api.put('/account/tx-password', body);
}

/** A forgotten transaction password, with the code sent to the account's e-mail or mobile number. */
export function resetTxPassword(body: TResetTxPasswordRequest): Promise<unknown> {
  return api.post('/account/tx-password/reset', body);
}

export function cancelAccount(body: { reason: string; loginPassword: string }): Promise<unknown> {
  return api.post('/account/cancel', body);
}

/** What stands in the way of closing the account now (a balance, a shop, an order under way...), worded. */
export function useCancellationCheck() {
  return useQuery({
    queryKey: ['account', 'cancellation-check'],
    queryFn: () => api.get<TCancellationCheck>('/account/cancel'),
  });
}

/** Re-reads the user (e.g. hasTxPassword after setting it) into the session store. */
export async function refreshCurrentUser(): Promise<TUserInfo> {
  const { user } = await api.get<{ user: TUserInfo }>('/auth/me');
  setSession({ userInfo: user });
  return user;
}
