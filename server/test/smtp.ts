// A real SMTP server for tests (smtp-server, parsed with mailparser): the app's own mailer
// (server/mail/mailer.ts, nodemailer over SMTP_URL) delivers to it as it would to a relay.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Logger } from "../logger";
import { createMailer } from "../mail/mailer";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
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
    /** The app's real mailer, pointed at this server. */
    mailer: (logger: Logger) => createMailer({ SMTP_URL: url, MAIL_FROM: "Aussie Electricians <noreply@example.com.au>" }, logger),
    to: (address: string) => received.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
