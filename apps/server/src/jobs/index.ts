import type { z } from "zod";
import type { JobDefinition } from "./job-definition";

/** What job handlers may use; grows as capabilities add providers. */
export type JobDeps = Record<string, never>;

/** Every background job of the product, worked by `ROLE=worker` (or `all`). */
export const jobs: readonly JobDefinition<z.ZodType, JobDeps>[] = [];
