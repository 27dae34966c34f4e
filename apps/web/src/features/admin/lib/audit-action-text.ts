import { AUDIT_ACTIONS, type TAuditAction } from '@caravan/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const KNOWN_ACTIONS = new Set<string>(AUDIT_ACTIONS);

/**
 * An audit action's name in the reader's language ("Withdrawal approved" for `withdrawal.approve`), or null for a
 * code the server no longer writes (its rows outlive it): the log then shows the code alone.
 */
export function useAuditActionText() {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      name: (code: string): string | null =>
        KNOWN_ACTIONS.has(code) ? t(`auditActions.${code as TAuditAction}`) : null,
      /** Every action as a choice of the log's search, in the reader's alphabet. */
      options: (language: string) =>
        AUDIT_ACTIONS.map((code) => ({ value: code, label: t(`auditActions.${code}`) })).sort((a, b) =>
          a.label.localeCompare(b.label, language),
        ),
    }),
    [t],
  );
}
