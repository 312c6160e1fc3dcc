import { customType } from "drizzle-orm/pg-core";

/** Small binary values kept in the database itself (they follow the rows on every instance). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
