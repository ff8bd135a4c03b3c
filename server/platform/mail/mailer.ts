// Outgoing mail (docs/runtime.md section 2): nodemailer over SMTP_URL, or the log when it is unset
// so a developer can follow a reset link without a mail server.
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (alert e-mails). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with it: a completed form to a distributor (docs/decisions/105-paperwork-on-the-card.md). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">, logger: Logger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(mail) {
        const attached = mail.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`);
        logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text, attached } }, "mail not sent (SMTP_URL unset); written to the log");
      },
    };
  }
  // Timeouts well under the alert sender's 60 s lease (server/core/alerts/queue-repo.ts), so a hung SMTP
  // server cannot hold a claimed alert past it; nodemailer's defaults are 2 min and 10 min.
  // Query parameters in SMTP_URL still override these.
  // nodemailer is loaded at the first mail (docs/decisions/078-a-server-that-stays-small.md).
  const url = config.SMTP_URL;
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    ));
  return {
    async send(mail) {
      await (
        await connect()
      ).sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        attachments: mail.attachments,
      });
    },
  };
}
