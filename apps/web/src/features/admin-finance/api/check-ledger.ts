import type { TLedgerCheckReport } from '@caravan/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffCall } from './keys';

export function checkLedger(): Promise<TLedgerCheckReport> {
  return api.get<TLedgerCheckReport>('/admin/ledger/check', staffCall);
}

/** Runs on demand (it reads the whole ledger), so it is a mutation rather than a cached query. */
export function useCheckLedger() {
  return useMutation({ mutationFn: checkLedger });
}
