import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer, type SmtpMailer } from "../../src/providers/mailer/smtp-mailer";

const user = "mailer";
const password = "s3cret-Pa55word";

/** Messages the local SMTP server accepted, raw as they arrived. */
const received: { from: string; to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port: number;
const mailers: SmtpMailer[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: nodemailer would refuse the self-signed certificate of STARTTLS.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      // A careless server echoing what it was sent: the mailer must still not leak the password.
      return callback(new Error(`Invalid login for ${auth.username} with ${auth.password}`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const mailer of mailers) mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function mailerWith(credentials: string): SmtpMailer {
  const mailer = createSmtpMailer({
    smtpUrl: `smtp://${credentials}@127.0.0.1:${port}`,
    from: "Wonderkin <hello@wonderkin.test>",
  });
  mailers.push(mailer);
  return mailer;
}

describe("createSmtpMailer", () => {
  it("delivers the message with both an HTML and a plain-text part", async () => {
    const mailer = mailerWith(`${user}:${password}`);
    expect(mailer.kind).toBe("smtp");
    await mailer.send({
      to: "ada@example.com",
      subject: "Verify your e-mail address",
      html: "<p>Hello <b>Ada</b></p>",
      text: "Hello Ada, plain and simple",
      kind: "email-verification",
      link: "http://localhost:3000/verify?token=abc",
    });

    expect(received).toHaveLength(1);
    const message = received[0];
    expect(message?.from).toBe("hello@wonderkin.test");
    expect(message?.to).toEqual(["ada@example.com"]);
    const raw = message?.raw ?? "";
    expect(raw).toMatch(/^Subject: Verify your e-mail address$/m);
    expect(raw).toMatch(/^From: Wonderkin <hello@wonderkin\.test>$/m);
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(raw).toContain("Hello Ada, plain and simple");
    expect(raw).toContain("<p>Hello <b>Ada</b></p>");
    expect(raw).not.toMatch(/^List-Unsubscribe/im);
  });

  it("rejects with an error that names the server but never the password", async () => {
    const wrong = "wrong-Pa55word";
    const mailer = mailerWith(`${user}:${wrong}`);
    const error = await mailer
      .send({ to: "ada@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi", kind: "account-notice" })
      .then(
        () => null,
        (failure: unknown) => failure,
      );

    expect(error).toBeInstanceOf(Error);
    const failure = error as Error;
    expect(failure.message).toContain(`127.0.0.1:${port}`);
    expect(failure.message).toMatch(/invalid login/i);
    const everything = [failure.message, failure.stack, JSON.stringify(failure), String(failure.cause)].join(
      "\n",
    );
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(Buffer.from(wrong).toString("base64"));
    expect(received).toHaveLength(1);
  });

  it("offers mail apps their own unsubscribe button on e-mails a parent can turn off (RFC 8058)", async () => {
    const mailer = mailerWith(`${user}:${password}`);
    const before = received.length;
    await mailer.send({
      to: "ada@example.com",
      subject: "Mia's yearly portrait",
      html: "<p>Time for new photos</p>",
      text: "Time for new photos",
      kind: "series-reminder",
      unsubscribeUrl: "http://localhost:3000/api/email-preferences/one-click?token=series-reminders.abc.def",
    });
    const raw = received[before]?.raw ?? "";
    expect(raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/email-preferences\/one-click\?token=series-reminders\.abc\.def>$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});
