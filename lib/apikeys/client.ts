import useSWR from "swr";
import type { KEY_ROLES } from "@/lib/apikeys/limits";
import type { ApiKeyList, CreatedKey } from "@/lib/apikeys/schemas";
import { fetcher, sendJson } from "@/lib/swr/fetcher";

const KEYS_API = "/api/keys";

export function useApiKeys() {
  return useSWR<ApiKeyList>(KEYS_API, fetcher);
}

export function createKeyRequest(body: { name: string; role: (typeof KEY_ROLES)[number]; expiresOn: string; allowedAddresses: string[] }): Promise<CreatedKey> {
  return sendJson<CreatedKey>(KEYS_API, "POST", body);
}

export function revokeKeyRequest(id: string): Promise<unknown> {
  return sendJson(`${KEYS_API}/${id}`, "DELETE");
}
