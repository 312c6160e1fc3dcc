import PgBoss from "pg-boss";
import type { DatabaseConnection } from "../db/client";

export type QueueRole = {
  /** Workers run maintenance and cron scheduling; API-only instances just send jobs. */
  supervise: boolean;
};

export type Queue = {
  boss: PgBoss;
  isStarted(): boolean;
  stop(): Promise<void>;
};

/**
 * pg-boss's share of DATABASE_POOL_MAX (the app's pool gets the rest): its fetches, completions and
 * maintenance are short, so a few connections serve every queue.
 */
export function queuePoolMax(poolMax: number): number {
  return Math.max(1, Math.min(4, Math.floor(poolMax * 0.3)));
}

/**
 * Starts pg-boss on the product's own database. With PGlite it talks through the connection's
 * executeSql (one process, one database); with PostgreSQL it opens its own small pool.
 */
export async function startQueue(
  connection: DatabaseConnection,
  options: QueueRole & {
    databaseUrl?: string | undefined;
    /** Connections pg-boss may open (PostgreSQL). */
    poolMax?: number;
    onError: (error: Error) => void;
  },
): Promise<Queue> {
  const common = {
    schema: "pgboss",
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  };
  const boss =
    connection.kind === "postgres" && options.databaseUrl
      ? new PgBoss({ ...common, connectionString: options.databaseUrl, max: options.poolMax ?? 2 })
      : new PgBoss({
          ...common,
          db: { executeSql: (text: string, values: unknown[]) => connection.executeSql(text, values) },
        });
  boss.on("error", options.onError);
  let started = false;
  await boss.start();
  started = true;
  return {
    boss,
    isStarted: () => started,
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
