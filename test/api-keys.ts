import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hashSecret, newSecret } from "@/lib/apikeys/secret";
import type { ApiKeyRole } from "@/lib/apikeys/tables";
import type { Database } from "@/lib/store/schema";

// Keys written straight into a test store, in states the service will not make (expired, revoked at a chosen time).

/** The operator key the in-process console holds for the bad-input fuzzing of /api/v1 (a fixed, well-formed secret). */
export const IN_PROCESS_API_KEY = `labsc_${"InProcessFuzzKey0123456789".padEnd(43, "x")}`;

export interface TestKey {
  id: string;
  secret: string;
}

export async function insertTestKey(
  conn: Kysely<Database>,
  opts: { role: ApiKeyRole; name?: string; createdBy?: string; secret?: string; expiresAt?: Date; revokedAt?: Date; allowed?: string[]; ratePerMinute?: number },
): Promise<TestKey> {
  const secret = opts.secret ?? newSecret().secret;
  const id = randomUUID();
  await conn
    .insertInto("api_keys")
    .values({
      id,
      name: opts.name ?? `${opts.role} key`,
      role: opts.role,
      secret_hash: hashSecret(secret),
      display_prefix: secret.slice(0, 14),
      allowed_addresses: opts.allowed ?? [],
      rate_per_minute: opts.ratePerMinute ?? 1_000_000,
      created_at: new Date(),
      created_by_id: null,
      created_by_name: opts.createdBy ?? "the tests",
      expires_at: opts.expiresAt ?? new Date(Date.now() + 86_400_000),
      revoked_at: opts.revokedAt ?? null,
      revoked_by_name: opts.revokedAt ? "the tests" : null,
    })
    .execute();
  return { id, secret };
}
