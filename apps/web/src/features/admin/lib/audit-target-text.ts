import { AUDIT_TARGET_TYPES, type TAuditTargetType } from '@caravan/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const KNOWN_TARGETS = new Set<string>(AUDIT_TARGET_TYPES);

/**
 * The kind of object an audit entry names, in the reader's language ("Recharge" for `recharge`), or null for a type
 * the server no longer writes (its rows outlive it): the log then shows the code alone.
 */
export function useAuditTargetText() {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      name: (code: string): string | null =>
        KNOWN_TARGETS.has(code) ? t(`auditTargets.${code as TAuditTargetType}`) : null,
      /** Every object type as a choice of the log's search, in the reader's alphabet. */
      options: (language: string) =>
        AUDIT_TARGET_TYPES.map((code) => ({ value: code, label: t(`auditTargets.${code}`) })).sort((a, b) =>
          a.label.localeCompare(b.label, language),
        ),
    }),
    [t],
  );
}
