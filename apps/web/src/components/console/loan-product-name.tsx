import type { TLoanProductKind } from '@caravan/contracts';
import { useTranslation } from 'react-i18next';
import loansEn from '../../locales/en/loans.json';

const normalised = (text: string) => text.trim().toLowerCase();

/**
 * A loan product as the borrower sees it (the kind in the reader's language, my-loan.tsx), then the name the staff
 * gave it when that says more than the kind: staff read "Start-up loan" in every language while the borrower read
 * "Gründerkredit", so the two named the same loan differently. A name that only repeats the kind, in English (as the
 * products are seeded) or in the reader's language, is left out.
 */
export function LoanProductName({ kind, name }: { kind: TLoanProductKind; name: string }) {
  const { t } = useTranslation('loans');
  const kindText = t(`kind.${kind}`);
  const repeats = [kindText, loansEn.kind[kind], kind].map(normalised);
  const isOwnName = name.trim() !== '' && !repeats.includes(normalised(name));
  return (
    <span>
      {kindText}
      {isOwnName && (
        <>
          {' '}
          (<bdi>{name}</bdi>)
        </>
      )}
    </span>
  );
}
