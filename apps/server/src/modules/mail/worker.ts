import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { mailAttempts, mailOutbox, type TMailChannel } from '../../db/schema';

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post of marketing mail). */
  headers?: Record<string, string>;
};
/** Sends one message or throws; the worker records either outcome. */
export type TMailSender = (message: TMailMessage) => Promise<void>;

/**
 * Text-message provider for mobile verification codes. None is built in: without one, `sms` rows stay in
 * the outbox, where administrators read them (as they read e-mail when SMTP_URL is unset).
 */
export type TSmsProvider = { send: (to: string, text: string) => Promise<void> };

/** An SMTP sender from a URL such as `smtp://user:pass@host:587` or `smtps://host:465`. */
export function createSmtpSender(url: string, from: string): TMailSender & { close: () => void } {
  const transport = nodemailer.createTransport(url);
  const send = async (message: TMailMessage) => {
    await transport.sendMail({ from, ...message });
  };
  return Object.assign(send, { close: () => transport.close() });
}

export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed row stays with its sender before another process may take it over. */
const CLAIM_SECONDS = 120;

/** Seconds to wait after the n-th failed attempt: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

export type TDeliverOptions = {
  channel: TMailChannel;
  send: TMailSender;
  batchSize?: number;
  maxAttempts?: number;
};

/**
 * Claims due rows of one channel and sends them. The claim (`FOR UPDATE SKIP LOCKED`, then a claim token
 * with a deadline) lets several processes run this at once without sending a row twice; a process that
 * dies mid-send leaves its claim to run out, and the row is sent again (at least once, never lost).
 */
export async function deliverDueMail(
  db: Database,
  options: TDeliverOptions,
): Promise<{ sent: number; failed: number }> {
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({ status: 'expired', claimToken: null, claimedUntil: null })
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.channel, options.channel),
        sql`${mailOutbox.expiresAt} < now()`,
      ),
    );
  const claimToken = randomBytes(12).toString('hex');
  const claimed = await db.execute<{ id: string }>(sql`
    update mail_outbox
       set claim_token = ${claimToken},
           claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
           attempts = attempts + 1
     where id in (
       select id from mail_outbox
        where status = 'pending' and channel = ${options.channel} and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
    returning id`);
  const ids = claimed.rows.map((r) => BigInt(r.id));
  if (ids.length === 0) {
    return { sent: 0, failed: 0 };
  }
  const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
  let sent = 0;
  let failed = 0;
  for (const row of rows.sort((a, b) => Number(a.id - b.id))) {
    const startedAt = new Date();
    const ours = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, claimToken));
    try {
      await options.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await db.transaction(async (tx) => {
        await tx
          .insert(mailAttempts)
          .values({ mailId: row.id, attemptNo: row.attempts, startedAt, isOk: true });
        await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, claimToken: null, claimedUntil: null, lastError: null })
          .where(ours);
      });
      sent += 1;
    } catch (error) {
      failed += 1;
      // The SMTP server's answer (e.g. "450 mailbox busy"); never the message itself.
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const isFinal = row.attempts >= maxAttempts;
      await db.transaction(async (tx) => {
        await tx
          .insert(mailAttempts)
          .values({ mailId: row.id, attemptNo: row.attempts, startedAt, isOk: false, error: reason });
        await tx
          .update(mailOutbox)
          .set({
            status: isFinal ? 'failed' : 'pending',
            lastError: reason,
            claimToken: null,
            claimedUntil: null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          })
          .where(ours);
      });
    }
  }
  return { sent, failed };
}

export type TMailWorker = { stop: () => Promise<void>; runNow: () => Promise<void> };

/** Polls the outbox every `everyMs` and sends e-mail (and text messages when a provider is given). */
export function startMailWorker(options: {
  db: Database;
  sendEmail: TMailSender;
  sms?: TSmsProvider | undefined;
  everyMs?: number;
  onError: (error: unknown) => void;
}): TMailWorker {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const runOnce = async () => {
    await deliverDueMail(options.db, { channel: 'email', send: options.sendEmail });
    const sms = options.sms;
    if (sms) {
      await deliverDueMail(options.db, { channel: 'sms', send: (m) => sms.send(m.to, m.text) });
    }
  };
  const runNow = () => {
    if (!running && !isStopped) {
      running = runOnce()
        .catch(options.onError)
        .finally(() => {
          running = undefined;
        });
    }
    return running ?? Promise.resolve();
  };
  const timer = setInterval(() => void runNow(), options.everyMs ?? 2000);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
