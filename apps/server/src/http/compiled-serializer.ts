import fastJson from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * zod writes `x.nullable()` as `anyOf: [x, {type: "null"}]`; fast-json-stringify would pick the
 * branch of each value by validating it at run time. A primitive or null is `type: [t, "null"]`.
 */
function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (!isSchema(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withNullableTypes(value);
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [value, nothing] = branches as unknown[];
    if (isSchema(value) && isSchema(nothing) && nothing.type === "null" && typeof value.type === "string") {
      const { anyOf: _branches, ...rest } = copy;
      return { ...rest, ...value, type: [value.type, "null"] };
    }
  }
  return copy;
}

/**
 * A response writer compiled from the endpoint's zod schema (through its JSON Schema, by
 * fast-json-stringify), for the answers that carry many rows (a gallery page): it writes what
 * the schema declares and nothing else, as zod's encode does, without walking each value
 * through zod and then through JSON.stringify again. zod still checks every answer in the
 * contract tests; this writer does not check, it only writes (decision 0065).
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = withNullableTypes(z.toJSONSchema(schema, { io: "output", target: "draft-7" }));
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
