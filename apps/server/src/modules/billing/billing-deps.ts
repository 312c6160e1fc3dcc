import type { Database } from "../../db/client";
import type { Payments } from "../../providers/payments/payments";

export type BillingDeps = { db: Database; payments: Payments };
