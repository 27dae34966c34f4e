import type { TCsCustomerContext } from '@caravan/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/ui/money-text';
import { isolateDate } from '../../../lib/bidi';
import { withColon } from '../../../lib/format';
import { formatUsdt } from '../../../lib/format-money';

/**
 * The customer's loan beside the conversation: the amount lent (or asked for, before approval) and, while it is
 * open, what is owed now, the next instalment and whether it is overdue: what an agent needs to answer "how much do
 * I owe?". An amount approved below the one asked is shown with the amount asked, so "why did I get less (or
 * nothing)?" can be answered too.
 */
export function CsLoanSummary({ loan }: { loan: NonNullable<TCsCustomerContext['loan']> }) {
  const { t } = useTranslation('chat');
  // A declined, lapsed or withdrawn offer also ends as `failed`, which alone reads as a staff rejection.
  const endedOffer =
    loan.status === 'failed' &&
    (loan.offerOutcome === 'declined' || loan.offerOutcome === 'lapsed' || loan.offerOutcome === 'withdrawn')
      ? loan.offerOutcome
      : null;
  const statusLabel = endedOffer ? t(`loanOfferOutcome.${endedOffer}`) : t(`loanStatus.${loan.status}`);
  const isLowered = loan.isApproved && loan.askedAmount !== loan.amount;
  return (
    <>
      <p>
        {withColon(t('cs.loan'))} {statusLabel} <MoneyText value={loan.amount} />
        {!loan.isApproved && <> ({t('cs.loanAsked')})</>}
        {isLowered && <> ({t('cs.loanLowered', { asked: formatUsdt(loan.askedAmount) })})</>}
      </p>
      {loan.owed && (
        <>
          <p>
            {withColon(t('cs.loanOwed'))} <MoneyText value={loan.owed.total} />{' '}
            {loan.owed.isOverdue && (
              <Tag color="error">{t('cs.loanOverdue', { days: loan.owed.overdueDays })}</Tag>
            )}
          </p>
          {loan.owed.nextDueDate && (
            <p>
              {t('cs.loanNextDue', {
                amount: formatUsdt(loan.owed.nextDue),
                date: isolateDate(loan.owed.nextDueDate),
              })}
            </p>
          )}
        </>
      )}
    </>
  );
}
