import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { getConfig } from "@/lib/config";
import { store } from "@/lib/store";
import { notify } from "@/lib/store/open";
import { log } from "@/lib/log";
import { upstream } from "@/lib/upstream";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { WarehouseIndex } from "@/lib/warehouses/warehouse-index";

// On globalThis: Next loads this module once per bundle layer (pages, route handlers), and a process keeps one index per account.
const g = globalThis as unknown as { warehouseIndexes?: Map<string, WarehouseIndex>; warehouseNotices?: Promise<unknown>; warehouseInstance?: string };
const indexes = (g.warehouseIndexes ??= new Map<string, WarehouseIndex>());

// Every instance keeps its own index; a write through any of them reaches the others as a notice on the store.
const NOTICE_CHANNEL = "labs_warehouse_index";
// PostgreSQL's NOTIFY payload limit is 8000 bytes: a larger change travels as "rebuild".
const MAX_NOTICE = 7000;
const INSTANCE = (g.warehouseInstance ??= randomUUID());

type IndexChange = { upsert: Warehouse } | { remove: number } | { invalidate: true };
interface IndexNotice {
  from: string;
  account: string;
  change: IndexChange;
}

// Asked on every request: hashed again only when the configuration's URL or token differ from the last ones seen.
let lastAccount: { url: string; token: string; key: string } | undefined;
function accountKey(): string {
  const { upstreamUrl, upstreamToken } = getConfig();
  if (lastAccount?.url !== upstreamUrl || lastAccount.token !== upstreamToken) {
    lastAccount = { url: upstreamUrl, token: upstreamToken, key: createHash("sha256").update(`${upstreamUrl}\n${upstreamToken}`).digest("hex") };
  }
  return lastAccount.key;
}

function applyChange(index: WarehouseIndex, change: IndexChange): void {
  if ("upsert" in change) index.upsert(change.upsert);
  else if ("remove" in change) index.remove(change.remove);
  else index.invalidate();
}

export function changeIndex(change: IndexChange): void {
  applyChange(warehouseIndex(), change);
  let payload = JSON.stringify({ from: INSTANCE, account: accountKey(), change } satisfies IndexNotice);
  if (payload.length > MAX_NOTICE) payload = JSON.stringify({ from: INSTANCE, account: accountKey(), change: { invalidate: true } } satisfies IndexNotice);
  void store()
    .then((s) => notify(s.db, NOTICE_CHANNEL, payload))
    .catch((error: unknown) => log.warn("warehouse index notice not sent", { event: "warehouses.index_notice_failed", error: String(error) }));
}

function onNotice(payload: string): void {
  let notice: IndexNotice;
  try {
    notice = JSON.parse(payload) as IndexNotice;
  } catch {
    return;
  }
  if (notice.from === INSTANCE) return;
  const index = indexes.get(notice.account);
  if (index) applyChange(index, notice.change);
}

function listenForNotices(): void {
  g.warehouseNotices ??= store()
    .then((s) =>
      s.listen(NOTICE_CHANNEL, onNotice, () => {
        // Notices sent while the connection was down are lost: every index rebuilds.
        for (const index of indexes.values()) index.invalidate();
      }),
    )
    .catch((error: unknown) => {
      g.warehouseNotices = undefined;
      log.warn("warehouse index notices not received", { event: "warehouses.index_listen_failed", error: String(error) });
    });
}

/** One index per upstream account (URL and token), so no account ever sees another's data. */
export function warehouseIndex(): WarehouseIndex {
  const { warehouseIndexTtlMs } = getConfig();
  const key = accountKey();
  let index = indexes.get(key);
  if (!index) {
    index = new WarehouseIndex({
      fetchPage: (page, limit) => upstream().listWarehouses({ page, limit }),
      ttlMs: warehouseIndexTtlMs,
      onBackgroundError: (error) => log.warn("warehouse index refresh failed", { event: "warehouses.index_refresh_failed", error: String(error) }),
    });
    indexes.set(key, index);
    listenForNotices();
  }
  return index;
}
