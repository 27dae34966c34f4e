import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { to: string[]; subject: string; text: string; html: string; parsed: ParsedMail };

/**
 * A real SMTP server on a free local port for tests: it keeps every message it accepts. `rejectNext(n)`
 * makes it answer the next n messages with a temporary failure (450), as a busy mail server would.
 */
export async function startTestSmtpServer() {
  const received: TReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let rejectCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (rejectCount > 0) {
        rejectCount -= 1;
        stream.resume();
        stream.on('end', () => {
          const error = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 450 });
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          received.push({
            to: toField.flatMap((a) => a.value.map((v) => v.address ?? '')),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const wake of waiters.splice(0)) {
            wake();
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: (n: number) => {
      rejectCount = n;
    },
    /** Resolves with the first received mail to `to` that matches, waiting up to `timeoutMs`. */
    async waitFor(to: string, timeoutMs = 15_000, match: (m: TReceivedMail) => boolean = () => true) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && match(m));
        if (found) {
          return found;
        }
        if (Date.now() > deadline) {
          throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
