// A real SMTP server for tests (smtp-server, parsed with mailparser as a mail client would):
// the app's own mailer (server/platform/mail/mailer.ts, nodemailer over SMTP_URL) delivers to it as it
// would to a relay.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Logger } from "../platform/logger";
import { createMailer } from "../platform/mail/mailer";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export async function startSmtpServer() {
  /** One entry per recipient (the envelope's RCPT TO). */
  const received: ReceivedMail[] = [];
  /** One entry per message, whole (headers, HTML). */
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject: mail.subject ?? "", text: mail.text ?? "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  return {
    url,
    received,
    mails,
    /** The app's real mailer, pointed at this server. */
    mailer: (logger: Logger) => createMailer({ SMTP_URL: url, MAIL_FROM: "Aussie Electricians <noreply@example.com.au>" }, logger),
    to: (address: string) => received.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`smtp: ${mails.length} of ${count} mails after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
