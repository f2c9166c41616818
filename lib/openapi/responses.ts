import { z } from "zod";
import { isProblemCode, PROBLEM_STATUS } from "@/lib/rules/problems";

/** RFC 9457 problem details as lib/rules/problems.ts writes them; `fieldCodes` carry the catalog codes per field. */
export const problemAnswer = z
  .looseObject({
    type: z.url(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(Object.keys(PROBLEM_STATUS) as [keyof typeof PROBLEM_STATUS, ...(keyof typeof PROBLEM_STATUS)[]]),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().int().optional(),
  })
  .refine((p) => isProblemCode(p.code));
