import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { mailOutbox } from "../../src/db/schema";
import { listOutbox } from "../../src/modules/mail/list-outbox";
import { createMailer } from "../../src/providers/mailer";
import type { MailMessage } from "../../src/providers/mailer/mailer";
import { createOutboxMailer } from "../../src/providers/mailer/outbox-mailer";
import { createTestDatabase, type TestDatabase } from "../test-database";

let testDatabase: TestDatabase;
const logged: { obj: object; msg: string }[] = [];
const logger = { info: (obj: object, msg: string) => logged.push({ obj, msg }) };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(() => testDatabase.drop());

beforeEach(async () => {
  logged.length = 0;
  await testDatabase.connection.db.delete(mailOutbox);
});

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: "ada@example.com",
    subject: "Verify your e-mail address",
    html: "<p>Verify</p>",
    text: "Verify",
    kind: "email-verification",
    link: "http://localhost:3000/verify?token=abc",
    ...overrides,
  };
}

describe("createOutboxMailer", () => {
  it("stores the whole message in the outbox", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger });
    expect(mailer.kind).toBe("outbox");
    await mailer.send(message());

    const rows = await testDatabase.connection.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toAddress: "ada@example.com",
      subject: "Verify your e-mail address",
      kind: "email-verification",
      html: "<p>Verify</p>",
      text: "Verify",
      link: "http://localhost:3000/verify?token=abc",
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("logs the recipient, kind and link, with the link in the line a developer reads", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger });
    await mailer.send(message());
    expect(logged).toEqual([
      {
        obj: {
          to: "ada@example.com",
          kind: "email-verification",
          link: "http://localhost:3000/verify?token=abc",
        },
        msg: "mail to ada@example.com: http://localhost:3000/verify?token=abc",
      },
    ]);
  });

  it("keeps links out of the log outside development", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger, logLinks: false });
    await mailer.send(message());
    expect(JSON.stringify(logged)).not.toContain("token=abc");
    expect(logged).toEqual([
      {
        obj: { to: "ada@example.com", kind: "email-verification" },
        msg: "mail to ada@example.com kept in the outbox",
      },
    ]);
  });

  it("stores and logs a message without a link", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger });
    await mailer.send(message({ kind: "account-notice", subject: "Password changed", link: undefined }));
    const rows = await testDatabase.connection.db.select().from(mailOutbox);
    expect(rows[0]?.link).toBeNull();
    expect(logged[0]?.msg).toBe("mail to ada@example.com: Password changed");
  });
});

describe("listOutbox", () => {
  it("lists the newest first, at most 50", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger });
    for (let index = 1; index <= 55; index += 1) await mailer.send(message({ subject: `Message ${index}` }));
    const entries = await listOutbox({ db: testDatabase.connection.db });
    expect(entries).toHaveLength(50);
    expect(entries[0]?.subject).toBe("Message 55");
    expect(entries[49]?.subject).toBe("Message 6");
  });

  it("filters by recipient in any letter case", async () => {
    const mailer = createOutboxMailer({ db: testDatabase.connection.db, logger });
    await mailer.send(message({ to: "Ada@Example.com", subject: "to Ada" }));
    await mailer.send(message({ to: "grace@example.com", subject: "to Grace" }));
    const entries = await listOutbox({ db: testDatabase.connection.db, to: "ADA@example.COM" });
    expect(entries.map((entry) => entry.subject)).toEqual(["to Ada"]);
  });
});

describe("createMailer", () => {
  const baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent" } as const;

  it("uses the outbox by default", async () => {
    const mailer = createMailer({ env: loadEnv(baseEnv), db: testDatabase.connection.db, logger });
    expect(mailer.kind).toBe("outbox");
    await mailer.send(message());
    expect(await listOutbox({ db: testDatabase.connection.db })).toHaveLength(1);
    mailer.close();
  });

  it("uses SMTP when MAIL_PROVIDER=smtp", () => {
    const env = loadEnv({ ...baseEnv, MAIL_PROVIDER: "smtp", SMTP_URL: "smtp://user:pass@127.0.0.1:2525" });
    const mailer = createMailer({ env, db: testDatabase.connection.db, logger });
    expect(mailer.kind).toBe("smtp");
    mailer.close();
  });
});
