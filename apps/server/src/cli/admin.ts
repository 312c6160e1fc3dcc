import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { SafetyHold } from "@wonderkin/contract";
import { resolveAuthSecret } from "../config/auth-secret";
import { readDotEnv } from "../config/dot-env";
import { loadEnv } from "../config/env";
import { AppError } from "../lib/app-error";
import { verifyDeletionReceipt } from "../modules/privacy/deletion-receipt";
import { setFamilySuspended } from "../modules/safety/family-suspension";
import {
  confirmSafetyHold,
  listSafetyAudit,
  listSafetyHolds,
  readHeldPicture,
  releaseSafetyHold,
} from "../modules/safety/review-holds";
import { setUserDisabled } from "../modules/users/set-user-disabled";
import { createStorage } from "../providers/storage";
import { runCommand, withDatabase } from "./with-database";

const usage = `Usage: npm run admin -- <command> [arguments]

Accounts:
  disable-user <email>   end the account's sessions and refuse every sign-in
  enable-user <email>    allow the account to sign in again

Child safety (docs/decisions/0038-child-safety-screening.md):
  safety-holds [held|released|confirmed]
                         list what the safety screen held (default: those awaiting review)
  show-hold <holdId> --to <file> --operator <name> --reason "<why>"
                         write a kept picture, decrypted, to a file to look at or preserve
                         (recorded in the audit log)
  release-hold <holdId> --operator <name> --reason "<why>"
                         a false positive: the kept picture is delivered to the family by the
                         worker within a minute (only when SAFETY_QUARANTINE_DAYS kept it)
  confirm-hold <holdId> --operator <name> --reason "<why>" [--suspend-family]
                         a true positive: any kept picture is deleted; optionally the family may
                         no longer make portraits
  suspend-family <familyId> --operator <name> --reason "<why>"
  unsuspend-family <familyId> --operator <name> --reason "<why>"
  safety-audit           every operator decision: who, what, when, why

Privacy (docs/decisions/0043-deletion-reaches-exports-and-receipts.md):
  verify-receipt <file | json | ->
                         check a deletion receipt a parent sent: the JSON, the e-mail it came in,
                         or a file holding either (- reads standard input); exits 0 when genuine
                         and unchanged, 1 when not`;

const holdStatuses = ["held", "released", "confirmed"] as const;

function describeHold(hold: SafetyHold): string {
  const scores = hold.scores
    ? Object.entries(hold.scores)
        .map(([name, value]) => `${name} ${value.toFixed(2)}`)
        .join(", ")
    : "flagged by the image provider";
  const kept = hold.imageKept ? `picture kept until ${hold.quarantineUntil}` : "no picture kept";
  const delivery = hold.deliveredAt
    ? `, delivered ${hold.deliveredAt}`
    : hold.deliveryNote
      ? `, not delivered: ${hold.deliveryNote}`
      : "";
  return `${hold.id}  ${hold.createdAt}  ${hold.subject} ${hold.outcome}  family ${hold.familyId}${
    hold.childId === null ? "" : ` child ${hold.childId}`
  }  [${scores}]  ${kept}  ${hold.status}${delivery}`;
}

type Parsed = { command: string | undefined; target: string | undefined; values: Record<string, unknown> };

function parse(args: string[]): Parsed | null {
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        operator: { type: "string" },
        reason: { type: "string" },
        to: { type: "string" },
        "suspend-family": { type: "boolean" },
      },
    });
    return { command: positionals[0], target: positionals[1], values };
  } catch {
    return null;
  }
}

/** The operator and the reason every safety decision is recorded with. */
function decisionOf(parsed: Parsed): { operator: string; reason: string } | null {
  const operator = typeof parsed.values.operator === "string" ? parsed.values.operator.trim() : "";
  const reason = typeof parsed.values.reason === "string" ? parsed.values.reason.trim() : "";
  if (!operator || !reason) {
    console.error('Say who decides and why: --operator <name> --reason "<why>" (both are audited).');
    return null;
  }
  return { operator, reason };
}

/**
 * Needs only the server's auth secret, not the database: it runs beside a live server on the
 * embedded database too (whose folder a database command would have to lock).
 */
async function verifyReceiptCommand(target: string): Promise<number> {
  readDotEnv();
  const env = loadEnv();
  let input = target;
  if (target === "-") input = await readStdin();
  else if (!target.trimStart().startsWith("{")) {
    try {
      input = await readFile(target, "utf8");
    } catch {
      console.error(`Cannot read ${target}: give a file, the receipt's JSON, or - for standard input.`);
      return 2;
    }
  }
  const result = verifyDeletionReceipt(await resolveAuthSecret(env), input);
  if (!result.valid) {
    console.error(`NOT VALID: ${result.reason}`);
    return 1;
  }
  const { receipt } = result;
  const counts = Object.entries(receipt.counts)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  console.log(`VALID: receipt ${receipt.id}, ${receipt.subject} deleted ${receipt.deletedAt}`);
  console.log(`  deleted: ${counts}`);
  for (const entry of receipt.providers) console.log(`  ${entry.provider}, ${entry.item}: ${entry.answer}`);
  return 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** Operator commands against the configured database (the same env as the server). */
async function main(args: string[]): Promise<number> {
  const parsed = parse(args);
  const command = parsed?.command;
  const target = parsed?.target;
  if (!parsed || !command) {
    console.error(usage);
    return 2;
  }
  switch (command) {
    case "verify-receipt": {
      if (!target) break;
      return verifyReceiptCommand(target);
    }
    case "disable-user":
    case "enable-user": {
      if (!target) break;
      const email = target;
      return withDatabase(async (database) => {
        const disabled = command === "disable-user";
        const result = await setUserDisabled(database.db, { email, disabled });
        if (!result.found) {
          console.error(`No account with the e-mail ${email}.`);
          return 1;
        }
        console.log(
          disabled
            ? `Disabled ${email}; ended ${result.sessionsEnded} session(s). Signing in now shows "This account has been disabled."`
            : `Enabled ${email}; the account can sign in again.`,
        );
        return 0;
      });
    }
    case "safety-holds": {
      const status = (target ?? "held") as (typeof holdStatuses)[number];
      if (!holdStatuses.includes(status)) break;
      return withDatabase(async (database) => {
        const holds = await listSafetyHolds(database.db, { status, limit: 500 });
        if (holds.length === 0) console.log(`No ${status} items.`);
        for (const hold of holds) console.log(describeHold(hold));
        return 0;
      });
    }
    case "safety-audit":
      return withDatabase(async (database) => {
        for (const entry of await listSafetyAudit(database.db, { limit: 500 })) {
          console.log(
            `${entry.createdAt}  ${entry.actor}  ${entry.action}  ${entry.holdId ?? "-"}  family ${entry.familyId ?? "-"}  "${entry.reason}"`,
          );
        }
        return 0;
      });
    case "show-hold": {
      const file = typeof parsed.values.to === "string" ? parsed.values.to : "";
      if (!target || !file) break;
      const decision = decisionOf(parsed);
      if (!decision) return 2;
      return withDatabase(async (database, env) => {
        const secret = await resolveAuthSecret(env);
        try {
          const picture = await readHeldPicture(
            { db: database.db, storage: createStorage(env, { secret }), secret },
            { holdId: target, ...decision },
          );
          // Only the operator may read it: the file is created private.
          await writeFile(file, picture, { mode: 0o600, flag: "wx" });
          console.log(`Wrote the kept picture of ${target} to ${file} (${picture.length} bytes).`);
          return 0;
        } catch (error) {
          if (error instanceof AppError || (error as NodeJS.ErrnoException).code === "EEXIST") {
            console.error(error instanceof AppError ? error.message : `${file} already exists.`);
            return 1;
          }
          throw error;
        }
      });
    }
    case "release-hold":
    case "confirm-hold":
    case "suspend-family":
    case "unsuspend-family": {
      if (!target) break;
      const decision = decisionOf(parsed);
      if (!decision) return 2;
      return withDatabase(async (database, env) => {
        try {
          if (command === "release-hold") {
            const hold = await releaseSafetyHold(database.db, { holdId: target, ...decision });
            console.log(`Released ${hold.id}; the worker delivers it to the family within a minute.`);
          } else if (command === "confirm-hold") {
            const storage = createStorage(env, { secret: await resolveAuthSecret(env) });
            const result = await confirmSafetyHold(
              { db: database.db, storage },
              { holdId: target, ...decision, suspendFamily: parsed.values["suspend-family"] === true },
            );
            console.log(
              `Confirmed ${result.hold.id}; any kept picture is deleted.${
                result.familySuspended ? ` Family ${result.hold.familyId} can no longer make portraits.` : ""
              }`,
            );
          } else {
            const suspended = command === "suspend-family";
            if (!(await setFamilySuspended(database.db, { familyId: target, suspended, ...decision }))) {
              console.error(`No family ${target}.`);
              return 1;
            }
            console.log(
              suspended
                ? `Family ${target} can no longer make portraits.`
                : `Family ${target} can make portraits again.`,
            );
          }
          return 0;
        } catch (error) {
          if (error instanceof AppError) {
            console.error(error.message);
            return 1;
          }
          throw error;
        }
      });
    }
  }
  console.error(usage);
  return 2;
}

runCommand(main(process.argv.slice(2)));
