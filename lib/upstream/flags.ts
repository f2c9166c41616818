import { z } from "zod";

// upstream-api.md: flags are documented as booleans, sent as 1/0 in the vendor's examples and
// returned as integers; be tolerant of every spelling on the way in.
export const upstreamFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/** The wire form the vendor's examples use. */
export function toUpstreamFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}
