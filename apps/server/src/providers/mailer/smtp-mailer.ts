import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

export type SmtpMailer = Mailer & {
  /** Closes the pooled connections (on shutdown); later sends open new ones. */
  close(): void;
};

/**
 * Delivers through any SMTP server given as `smtp://user:pass@host:587` (STARTTLS when offered) or
 * `smtps://…:465` (TLS from the start). Connections are pooled: a burst of sign-ups should not
 * open one TCP + TLS + AUTH handshake per message.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): SmtpMailer {
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === "smtps:";
  const server = `${url.hostname}:${url.port || (secure ? "465" : "587")}`;
  const secrets = secretsOf(url);
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    // Mail is sent while a person waits for the response (sign-up, password reset): fail in
    // seconds rather than nodemailer's default of minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    kind: "smtp",
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.unsubscribeUrl
            ? {
                list: { unsubscribe: message.unsubscribeUrl },
                headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
              }
            : {}),
          attachments: message.attachments?.map(({ filename, contentType, content, cid }) => ({
            filename,
            contentType,
            content,
            cid,
          })),
        });
      } catch (error) {
        // The original error is not attached as `cause`: it may carry the AUTH exchange, and
        // errors end up in logs.
        const detail = redact(error instanceof Error ? error.message : String(error), secrets);
        throw new Error(`Could not send e-mail through the SMTP server ${server}: ${detail}`);
      }
    },
    close: () => transport.close(),
  };
}

/** Every form in which the password could appear in a message: as written, decoded, base64 (AUTH LOGIN/PLAIN). */
function secretsOf(url: URL): string[] {
  if (!url.password) return [];
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const base64 = (value: string) => Buffer.from(value, "utf8").toString("base64");
  return [url.password, password, base64(password), base64(`\u0000${user}\u0000${password}`)]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((result, secret) => result.replaceAll(secret, "[redacted]"), text);
}
