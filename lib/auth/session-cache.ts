import type { Kysely, Transaction } from "kysely";
import { notify } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";

// Member rows per session, cleared on every instance by a notice in the writing transaction; while no listener holds, every request reads the store.

export const SESSIONS_CHANNEL = "labs_sessions";
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

export function forgetSessions(): void {
  state.entries.clear();
  state.generation++;
}

export async function announceSessionChange(conn: Conn): Promise<void> {
  forgetSessions();
  await notify(conn, SESSIONS_CHANNEL, "changed");
}

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
      state.listening = undefined;
    },
  );
}

export function sessionCacheLive(): boolean {
  return state.live;
}

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

export function resetSessionCache(): void {
  forgetSessions();
  state.live = false;
  state.listening = undefined;
}
