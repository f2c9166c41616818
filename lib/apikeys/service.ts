import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ServiceContext } from "@/lib/audit/row";
import { addressAllowed, hashSecret, looksLikeSecret, newSecret } from "@/lib/apikeys/secret";
import { KEY_MAX_DAYS, type ApiKey, type CreateKeyBody, type CreatedKey } from "@/lib/apikeys/schemas";
import type { ApiKeyRow } from "@/lib/apikeys/tables";
import { validationFailed } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";
import type { Database } from "@/lib/store/schema";

// No "server-only": the team CLI runs this module under plain Node. No secret or hash leaves it.

export const DEFAULT_RATE_PER_MINUTE = 120;
/** Last use is written at most this often per key, so requests cost no write of their own. */
export const LAST_USE_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

export interface KeyCreator {
  id: number | null;
  name: string;
}

export type KeyVerdict = { ok: true; key: ApiKeyRow } | { ok: false; reason: "unknown" | "expired" | "revoked" | "address" | "creator" };

function keyState(row: ApiKeyRow, now: number): ApiKey["state"] {
  if (row.revoked_at) return "revoked";
  return row.expires_at.getTime() <= now ? "expired" : "active";
}

export function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    displayPrefix: row.display_prefix,
    allowedAddresses: row.allowed_addresses,
    ratePerMinute: row.rate_per_minute,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedBy: row.revoked_by_name,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedFrom: row.last_used_ip,
    state: keyState(row, now),
  };
}

/** How the audit trail names a key's writes. */
export function keyActorName(row: Pick<ApiKeyRow, "name" | "created_by_name">): string {
  return `key ${row.name}, created by ${row.created_by_name}`;
}

function checkExpiry(expiresOn: string, now: number): Date {
  const at = new Date(`${expiresOn}T00:00:00Z`);
  if (at.getTime() <= now) throw validationFailed({ expiresOn: [{ code: "validation.keys.expiryPast" }] }, { where: "body" });
  if (at.getTime() > now + KEY_MAX_DAYS * DAY_MS) throw validationFailed({ expiresOn: [{ code: "validation.keys.expiryTooFar", params: { days: String(KEY_MAX_DAYS) } }] }, { where: "body" });
  return at;
}

export async function createApiKey(
  conn: Kysely<Database>,
  body: CreateKeyBody,
  ctx: ServiceContext,
  creator: KeyCreator,
  opts: { now?: number; ratePerMinute?: number } = {},
): Promise<CreatedKey> {
  const now = opts.now ?? Date.now();
  const expiresAt = checkExpiry(body.expiresOn, now);
  const { secret, hash, displayPrefix } = newSecret();
  const row = await conn
    .insertInto("api_keys")
    .values({
      id: randomUUID(),
      name: body.name,
      role: body.role,
      secret_hash: hash,
      display_prefix: displayPrefix,
      allowed_addresses: [...new Set(body.allowedAddresses)],
      rate_per_minute: opts.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
      created_at: new Date(now),
      created_by_id: creator.id,
      created_by_name: creator.name,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const key = toApiKey(row, now);
  await ctx.audit({
    action: "apikey.create",
    target: { type: "api_key", id: row.id },
    outcome: "success",
    message: `API key ${row.name} created, ${row.role}, expires ${body.expiresOn}${row.allowed_addresses.length ? `, from ${row.allowed_addresses.join(", ")} only` : ""}`,
    after: key,
  });
  return { key, secret };
}

export async function listApiKeys(conn: Kysely<Database>, now = Date.now()): Promise<{ items: ApiKey[] }> {
  const rows = await conn.selectFrom("api_keys").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
  return { items: rows.map((r) => toApiKey(r, now)) };
}

export class KeyNotFoundError extends DomainError {
  constructor(id: string) {
    super("not_found", `No API key has id ${id}.`);
    this.name = "KeyNotFoundError";
  }
}

/** Revoking a revoked key changes nothing; the next request with it is refused on every instance (no instance caches keys). */
export async function revokeApiKey(conn: Kysely<Database>, id: string, ctx: ServiceContext, byName: string, now = Date.now()): Promise<{ key: ApiKey; revoked: boolean }> {
  const row = await conn
    .updateTable("api_keys")
    .set({ revoked_at: new Date(now), revoked_by_name: byName })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const existing = await conn.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
    if (!existing) throw new KeyNotFoundError(id);
    return { key: toApiKey(existing, now), revoked: false };
  }
  const key = toApiKey(row, now);
  await ctx.audit({ action: "apikey.revoke", target: { type: "api_key", id }, outcome: "success", message: `API key ${row.name} revoked`, after: key });
  return { key, revoked: true };
}

export type CreatorChange = "creator_deactivated" | "creator_demoted";

export async function revokeKeysCreatedBy(trx: Kysely<Database>, memberId: number, byName: string, now = Date.now()): Promise<ApiKey[]> {
  const rows = await trx
    .updateTable("api_keys")
    .set({ revoked_at: new Date(now), revoked_by_name: byName })
    .where("created_by_id", "=", memberId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date(now))
    .returningAll()
    .execute();
  return rows.map((r) => toApiKey(r, now)).sort((a, b) => a.name.localeCompare(b.name));
}

export async function auditCreatorRevocations(ctx: ServiceContext, keys: ApiKey[], reason: CreatorChange, creator: { id: number; name: string }): Promise<void> {
  const because = reason === "creator_deactivated" ? "was deactivated" : "is no longer an admin";
  for (const key of keys) {
    await ctx.audit({
      action: "apikey.revoke",
      target: { type: "api_key", id: key.id },
      outcome: "success",
      message: `API key ${key.name} revoked: its creator ${creator.name} ${because}`,
      after: key,
      details: { reason, creator: creator.name, creatorId: creator.id },
    });
  }
}

export async function liveKeyCounts(conn: Kysely<Database>, memberIds: number[], now = Date.now()): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await conn
    .selectFrom("api_keys")
    .select((eb) => ["created_by_id", eb.fn.countAll<string>().as("n")])
    .where("created_by_id", "in", memberIds)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date(now))
    .groupBy("created_by_id")
    .execute();
  return new Map(rows.map((r) => [r.created_by_id!, Number(r.n)]));
}

export async function findKeyByPrefix(conn: Kysely<Database>, displayPrefix: string): Promise<ApiKeyRow[]> {
  return conn.selectFrom("api_keys").selectAll().where("display_prefix", "=", displayPrefix).execute();
}

/** Reads the store on every request, so a revocation holds at once everywhere; records last use at most once a minute. */
export async function authenticateKey(conn: Kysely<Database>, secret: string, ip: string, now = Date.now()): Promise<KeyVerdict> {
  if (!looksLikeSecret(secret)) return { ok: false, reason: "unknown" };
  const found = await conn
    .selectFrom("api_keys")
    .leftJoin("members", "members.id", "api_keys.created_by_id")
    .selectAll("api_keys")
    .select(["members.active as creator_active", "members.role as creator_role"])
    .where("secret_hash", "=", hashSecret(secret))
    .executeTakeFirst();
  if (!found) return { ok: false, reason: "unknown" };
  const { creator_active, creator_role, ...row } = found;
  const state = keyState(row, now);
  if (state !== "active") return { ok: false, reason: state };
  // Revocation on deactivation or demotion is the rule; this also covers a member changed straight in the store.
  if (row.created_by_id !== null && (creator_active !== true || creator_role !== "admin")) return { ok: false, reason: "creator" };
  if (!addressAllowed(ip, row.allowed_addresses)) return { ok: false, reason: "address" };
  if (!row.last_used_at || now - row.last_used_at.getTime() >= LAST_USE_EVERY_MS) {
    await conn
      .updateTable("api_keys")
      .set({ last_used_at: new Date(now), last_used_ip: ip })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", new Date(now - LAST_USE_EVERY_MS))]))
      .execute();
  }
  return { ok: true, key: row };
}
