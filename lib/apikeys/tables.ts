import type { Generated, Selectable } from "kysely";

export type ApiKeyRole = "viewer" | "operator";

export interface ApiKeysTable {
  id: string;
  name: string;
  role: ApiKeyRole;
  /** SHA-256 of the whole secret, hex; the secret itself is never stored. */
  secret_hash: string;
  /** The first characters of the secret, so a member can tell keys apart. */
  display_prefix: string;
  allowed_addresses: string[];
  rate_per_minute: number;
  created_at: Date;
  created_by_id: number | null;
  created_by_name: string;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by_name: string | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

export interface ApiKeyWindowsTable {
  key_id: string;
  window_start: Date;
  count: Generated<number>;
}

export interface ApiKeysTables {
  api_keys: ApiKeysTable;
  api_key_windows: ApiKeyWindowsTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
