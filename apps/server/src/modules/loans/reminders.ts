import { formatMoney, groupMoneyDigits, isLanguage, type TLanguage } from '@caravan/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loans, users } from '../../db/schema';
import { withMoneyTransaction } from '../ledger';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { loadAccruals, loanTermsOf, loanTotalsOf } from './accrual';
import { addDays, daysSince } from './clock';
import { interestThroughOf, nextInstalment, scheduleOf } from './loan-math';
import { getLoanSettings } from './settings';

/**
 * Reminds borrowers of an instalment due within `loan_reminder_days_before` days: one in-app notification
 * and, when the account has an e-mail address, one mail through the outbox, once per instalment (the loan
 * remembers the last due day it reminded of, changed under the row lock).
 */
export async function remindDueLoans(db: Database, now: Date): Promise<number> {
  const { reminderDaysBefore } = await getLoanSettings(db);
  const open = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(inArray(loans.status, ['disbursed', 'overdue']), lt(loans.remindedDueDay, loans.termDays)))
    .orderBy(asc(loans.id));
  let sent = 0;
  for (const { id } of open) {
    const isSent = await withMoneyTransaction(db, async (tx) => {
      const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
      if (!loan?.disbursedOn || (loan.status !== 'disbursed' && loan.status !== 'overdue')) {
        return false;
      }
      const today = daysSince(loan.disbursedOn, now);
      const terms = loanTermsOf(loan);
      const schedule = scheduleOf(terms);
      const upcoming = schedule.instalments.find(
        (i) => i.dueDay > loan.remindedDueDay && i.dueDay >= today && i.dueDay - today <= reminderDaysBefore,
      );
      if (!upcoming) {
        return false;
      }
      const accruals = await loadAccruals(tx, loan.id);
      const next = nextInstalment(terms, schedule, loanTotalsOf(loan), interestThroughOf(accruals), today);
      const dueDate = addDays(loan.disbursedOn, upcoming.dueDay);
      // What the instalment will need by its due day (interest still accruing included), in whole cents.
      const amount = formatMoney(next.projected, 2);
      await tx.update(loans).set({ remindedDueDay: upcoming.dueDay }).where(eq(loans.id, loan.id));
      await notify(tx, {
        userId: loan.userId,
        audience: 'buyer',
        event: 'loan.dueSoon',
        params: { loanId: String(loan.id), dueDate, amount },
      });
      const [user] = await tx
        .select({ email: users.email, lang: users.lang })
        .from(users)
        .where(eq(users.id, loan.userId));
      if (user?.email) {
        const lang: TLanguage = user.lang && isLanguage(user.lang) ? user.lang : 'en';
        await enqueueMail(tx, {
          to: user.email,
          template: 'loanDueSoon',
          lang,
          // A notification carries the plain amount (the page groups it); a mail is read as it is sent.
          params: { loanId: String(loan.id), dueDate, amount: groupMoneyDigits(amount) },
        });
      }
      return true;
    });
    if (isSent) {
      sent += 1;
    }
  }
  return sent;
}
