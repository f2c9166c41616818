import { z } from "zod";

// Flags are documented as booleans but sent as 1/0 and returned as integers: read every spelling.
export const upstreamFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

export function toUpstreamFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}
