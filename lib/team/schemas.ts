import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { defineList } from "@/lib/list/definition";
import { MEMBER_ID_PATTERN } from "@/lib/rules/ids";
import { hasControlCharacters } from "@/lib/rules/text";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, teamListBase } from "@/lib/team/lists";

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/team/lists";

export const roleSchema = z.enum(ROLES, { error: "validation.team.role" });

export const memberEmailSchema = z
  .string({ error: "validation.team.emailRequired" })
  .trim()
  // Printable ASCII before lower-casing: "\u212A" (Kelvin sign) would otherwise fold into "k".
  .regex(/^[\x21-\x7E]*$/, { error: "validation.team.emailInvalid" })
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.team.emailInvalid" }));

export const memberNameSchema = z
  .string({ error: "validation.team.nameRequired" })
  .trim()
  .min(1, { error: "validation.team.nameRequired" })
  .max(NAME_MAX_LENGTH, { error: "validation.tooLong" })
  .refine((v) => !hasControlCharacters(v), { error: "validation.team.nameControlCharacters" });

export const memberPasswordSchema = z
  .string({ error: "validation.team.passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, { error: "validation.tooShort" })
  .max(PASSWORD_MAX_LENGTH, { error: "validation.tooLong" });

export const createMemberBodySchema = z.strictObject({
  email: memberEmailSchema,
  name: memberNameSchema,
  role: roleSchema,
  password: memberPasswordSchema.optional(),
});
export type CreateMemberBody = z.output<typeof createMemberBodySchema>;
export type CreateMemberInput = z.input<typeof createMemberBodySchema>;

export const updateMemberBodySchema = z
  .strictObject({
    name: memberNameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean({ error: "validation.trueOrFalse" }).optional(),
    password: memberPasswordSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: "validation.team.updateEmpty",
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateMemberBody = z.output<typeof updateMemberBodySchema>;

export const memberIdParamSchema = z.object({
  id: z
    .string()
    .regex(MEMBER_ID_PATTERN, { error: "validation.team.idNotPositive" })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: "validation.team.idTooLarge" }),
});

export const teamMemberSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  active: z.boolean(),
  source: z.string(),
  hasPassword: z.boolean(),
  ssoAllowed: z.boolean(),
  ssoLinked: z.boolean(),
  liveKeys: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export { TEAM_API, TEAM_PAGE_SIZES } from "@/lib/team/lists";

export const teamList = defineList(teamListBase);
export type TeamListState = (typeof teamList)["defaults"];

export const teamListSchema = z.object({ items: z.array(teamMemberSchema), total: z.number().int().nonnegative() });
export type TeamList = z.infer<typeof teamListSchema>;
