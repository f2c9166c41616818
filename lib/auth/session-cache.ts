import type { Kysely, Transaction } from "kysely";
import { notify } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";

// The member-and-session row each request is judged by, kept per session for a short while. Every write to members or
// sessions forgets all of it, here at once and on every instance through a notice on the store (sent with the write's
// transaction, so it arrives after the commit). The cache is used only while this instance is listening for notices:
// before the listener holds, or while its connection is down, every request reads the store.

export const SESSIONS_CHANNEL = "labs_sessions";
/** A safety net only: a notice forgets an entry long before. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

type Conn = Kysely<Database> | Transaction<Database>;
type Listen = (onNotice: () => void, onReconnect: () => void, onDrop: () => void) => Promise<unknown>;

interface Entry {
  value: unknown;
  at: number;
}

interface State {
  entries: Map<string, Entry>;
  generation: number;
  live: boolean;
  listening?: Promise<unknown>;
}

const g = globalThis as unknown as { labsSessionCache?: State };
const state: State = (g.labsSessionCache ??= { entries: new Map(), generation: 0, live: false });

/** Forget every cached session on this instance. */
export function forgetSessions(): void {
  state.entries.clear();
  state.generation++;
}

/** After any write to members or sessions: forget here now, and tell every instance (this one too, after the commit). */
export async function announceSessionChange(conn: Conn): Promise<void> {
  forgetSessions();
  await notify(conn, SESSIONS_CHANNEL, "changed");
}

/** Starts listening once; until the listener holds (and whenever its connection drops) the cache stays off. */
export function listenForSessionChanges(listen: Listen): void {
  if (state.listening) return;
  state.listening = listen(
    () => forgetSessions(),
    () => {
      forgetSessions();
      state.live = true;
    },
    () => {
      state.live = false;
      forgetSessions();
    },
  ).then(
    (listener) => {
      forgetSessions();
      state.live = true;
      return listener;
    },
    () => {
      // Not listening: no cache; the next request tries again.
      state.listening = undefined;
    },
  );
}

export function sessionCacheLive(): boolean {
  return state.live;
}

/**
 * The cached value for `key`, else `load()`'s, kept when `keep` says so and no change was announced while it loaded.
 * With the cache off, always `load()`.
 */
export async function cachedSession<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean, now = Date.now()): Promise<T> {
  if (!state.live) return load();
  const hit = state.entries.get(key);
  if (hit && now - hit.at < SESSION_CACHE_TTL_MS) return hit.value as T;
  const generation = state.generation;
  const value = await load();
  if (state.live && generation === state.generation && keep(value)) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
    state.entries.set(key, { value, at: now });
  }
  return value;
}

/** Tests: back to a cache that is off and empty. */
export function resetSessionCache(): void {
  forgetSessions();
  state.live = false;
  state.listening = undefined;
}
