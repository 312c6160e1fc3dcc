import type { z } from "zod";
import type { JobDefinition } from "./job-definition";

/**
 * The one way a capability defines a background job: its spec (queue name and payload schema, the
 * part the domain sends) plus how the worker runs it. The handler's payload is typed from the
 * schema and its deps are only what this job needs; the registry (../job-registry.ts) imports the
 * definitions, never the other way round, so no job depends on the list it is in.
 */
export function defineJob<Schema extends z.ZodType, Deps>(
  spec: { name: string; payload: Schema },
  work: Omit<JobDefinition<Schema, Deps>, "name" | "payload">,
): JobDefinition<Schema, Deps> {
  return { ...spec, ...work };
}
