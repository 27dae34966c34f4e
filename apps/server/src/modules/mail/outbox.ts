import type { TLanguage } from '@caravan/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { mailAttempts, mailOutbox, type TMailChannel, type TMailStatus } from '../../db/schema';
import { renderMail, type TMailParams, type TMailTemplate } from './templates';

export type TEnqueueMail = {
  to: string;
  template: TMailTemplate;
  lang: TLanguage;
  params?: TMailParams;
  /** After this time the mail is not sent any more (a verification code that has run out). */
  expiresAt?: Date;
  /** `sms` rows go to the text-message provider; without one they stay readable in the admin outbox. */
  channel?: TMailChannel;
  /** Extra header lines of the e-mail (List-Unsubscribe); names and values are checked before they are kept. */
  headers?: Record<string, string>;
};

/** A header name as RFC 5322 allows it, and a value on one line: nothing can smuggle in another header. */
function assertSafeHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!-9;-~]+$/.test(name) || /[\r\n\0]/.test(value)) {
      throw new Error(`mail header ${name} refused`);
    }
  }
}

/**
 * Writes one mail to the outbox. Call it with the transaction of the change that causes the mail, so
 * the mail exists exactly when the change does; the worker sends it after the commit.
 */
export async function enqueueMail(tx: Executor, mail: TEnqueueMail): Promise<bigint> {
  const rendered = renderMail(mail.template, mail.lang, mail.params);
  if (mail.headers) {
    assertSafeHeaders(mail.headers);
  }
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      channel: mail.channel ?? 'email',
      toAddress: mail.to,
      template: mail.template,
      lang: mail.lang,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      headers: mail.headers ?? null,
      expiresAt: mail.expiresAt ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) {
    throw new Error('mail not queued');
  }
  return row.id;
}

/**
 * Marks the unsent mails of these templates to this address as expired, so the worker drops them (an
 * unsubscribed address gets no marketing mail, not even one queued a moment before).
 */
export async function cancelPendingMail(
  tx: Executor,
  input: { to: string; templates: readonly TMailTemplate[] },
): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'expired', claimToken: null, claimedUntil: null })
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.toAddress, input.to),
        inArray(mailOutbox.template, [...input.templates]),
      ),
    );
}

export type TOutboxQuery = {
  pageNum: number;
  pageSize: number;
  status?: TMailStatus | undefined;
  to?: string | undefined;
};

/** One page of the outbox, newest first, with each row's send attempts (admin outbox). */
export async function listOutbox(db: Executor, query: TOutboxQuery) {
  const conditions: SQL[] = [];
  if (query.status) {
    conditions.push(eq(mailOutbox.status, query.status));
  }
  if (query.to) {
    // Part of an address, in any case: support types "qa.sub1" or "QA.SUB1@example.com" for qa.sub1@example.com.
    conditions.push(ilike(mailOutbox.toAddress, containsPattern(query.to)));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(mailAttempts)
          .where(
            inArray(
              mailAttempts.mailId,
              rows.map((r) => r.id),
            ),
          );
  const byMail = new Map<bigint, (typeof attempts)[number][]>();
  for (const attempt of attempts) {
    byMail.set(attempt.mailId, [...(byMail.get(attempt.mailId) ?? []), attempt]);
  }
  return {
    pageList: rows.map((row) => ({
      id: row.id.toString(),
      channel: row.channel,
      to: row.toAddress,
      template: row.template,
      lang: row.lang,
      subject: row.subject,
      text: row.textBody,
      // Unmasked like the text above, which carries the same unsubscribe link: staff check the RFC 8058 header here.
      headers: row.headers ?? {},
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attemptLog: (byMail.get(row.id) ?? [])
        .sort((a, b) => a.attemptNo - b.attemptNo)
        .map((a) => ({
          attemptNo: a.attemptNo,
          startedAt: a.startedAt.toISOString(),
          finishedAt: a.finishedAt.toISOString(),
          isOk: a.isOk,
          error: a.error,
        })),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}
