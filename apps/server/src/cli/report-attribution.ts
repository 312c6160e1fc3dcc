import { attributionFunnel } from "../modules/analytics/attribution-funnel";
import { runCommand, withDatabase } from "./with-database";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);

/** `npm run report:attribution [-- --json] [--since YYYY-MM-DD]`: the attribution funnel. */
async function main(args: string[]): Promise<number> {
  const json = args.includes("--json");
  const sinceIndex = args.indexOf("--since");
  const since = sinceIndex >= 0 ? new Date(args[sinceIndex + 1] ?? "") : undefined;
  if (since && Number.isNaN(since.getTime())) {
    console.error("Usage: npm run report:attribution -- [--json] [--since YYYY-MM-DD]");
    return 2;
  }
  return withDatabase(async (database) => {
    const rows = await attributionFunnel(database.db, since ? { since } : {});
    if (json) {
      console.log(JSON.stringify({ rows }, null, 2));
      return 0;
    }
    const table = [
      ["source", "medium", "campaign", "visitors", "sign-ups", "verified", "child trained", "paid"],
      ...rows.map((row) => [
        row.source,
        row.medium,
        row.campaign,
        String(row.visitors),
        `${row.signups} (${percent(row.rates.signup)})`,
        `${row.verified} (${percent(row.rates.verified)})`,
        `${row.childTrained} (${percent(row.rates.childTrained)})`,
        `${row.paid} (${percent(row.rates.paid)})`,
      ]),
    ];
    const widths =
      table[0]?.map((_, column) => Math.max(...table.map((line) => line[column]?.length ?? 0))) ?? [];
    for (const line of table)
      console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
    if (rows.length === 0) console.log("(no visits recorded yet)");
    return 0;
  });
}

runCommand(main(process.argv.slice(2)));
