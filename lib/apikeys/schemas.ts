import { z } from "zod";
import { normaliseAllowed } from "@/lib/apikeys/secret";
import { hasControlCharacters } from "@/lib/rules/text";
import { KEY_ALLOWED_MAX, KEY_NAME_MAX_LENGTH, KEY_ROLES } from "@/lib/apikeys/limits";

export * from "@/lib/apikeys/limits";

export const keyRoleSchema = z.enum(KEY_ROLES, { error: "validation.keys.role" });

export const keyNameSchema = z
  .string({ error: "validation.keys.nameRequired" })
  .trim()
  .min(1, { error: "validation.keys.nameRequired" })
  .max(KEY_NAME_MAX_LENGTH, { error: "validation.tooLong" })
  .refine((v) => !hasControlCharacters(v), { error: "validation.keys.nameControlCharacters" });

export const keyAddressSchema = z
  .string({ error: "validation.keys.address" })
  .transform((v, ctx) => {
    const normal = normaliseAllowed(v);
    if (normal === null) ctx.addIssue({ code: "custom", message: "validation.keys.address" });
    return normal ?? v;
  });

export const createKeyBodySchema = z.strictObject({
  name: keyNameSchema,
  role: keyRoleSchema,
  // The key works until the start of this day (UTC); the service checks it is ahead and within KEY_MAX_DAYS.
  expiresOn: z.iso.date({ error: "validation.date" }),
  allowedAddresses: z.array(keyAddressSchema, { error: "validation.keys.addresses" }).max(KEY_ALLOWED_MAX, { error: "validation.keys.addressesTooMany" }).default([]),
});
export type CreateKeyBody = z.output<typeof createKeyBodySchema>;
export type CreateKeyInput = z.input<typeof createKeyBodySchema>;

export const keyIdParamSchema = z.object({ id: z.uuid({ error: "validation.keys.id" }) });

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: keyRoleSchema,
  displayPrefix: z.string(),
  allowedAddresses: z.array(z.string()),
  ratePerMinute: z.number().int().positive(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  state: z.enum(["active", "expired", "revoked"]),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createdKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedKey = z.infer<typeof createdKeySchema>;
