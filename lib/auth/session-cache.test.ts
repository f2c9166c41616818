import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Listener, Store } from "@/lib/store/open";
import { createMember } from "@/lib/auth/members";
import { announceSessionChange, cachedSession, forgetSessions, listenForSessionChanges, resetSessionCache, sessionCacheLive, SESSIONS_CHANNEL, SESSION_CACHE_TTL_MS } from "@/lib/auth/session-cache";
import { checkSession, endAllSessions, endSession, judgeLookup, lookupSession, startSession } from "@/lib/auth/sessions";
import { updateMemberRow } from "@/lib/team/store";
import { openTestStore } from "@/test/store";

let store: Store;
let listener: Listener | undefined;
/** Notices this process has received on the sessions channel (its own writes' included, which arrive after the commit). */
let notices = 0;

beforeAll(async () => {
  store = await openTestStore();
});
afterEach(async () => {
  await listener?.close();
  listener = undefined;
  resetSessionCache();
});
afterAll(async () => {
  await store.close();
});

function listen(): Promise<void> {
  return new Promise((resolve, reject) => {
    listenForSessionChanges(async (onNotice, onReconnect, onDrop) => {
      try {
        listener = await store.listen(
          SESSIONS_CHANNEL,
          () => {
            notices++;
            onNotice();
          },
          onReconnect,
          onDrop,
        );
        return listener;
      } catch (error) {
        reject(error);
        throw error;
      }
    });
    const wait = () => (sessionCacheLive() ? resolve() : setTimeout(wait, 5));
    wait();
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

function counting<T>(value: () => T) {
  const load = async () => {
    load.calls++;
    return value();
  };
  load.calls = 0;
  return load;
}

describe("the session cache", () => {
  it("is off, and every request reads the store, until the listener holds", async () => {
    const load = counting(() => "row");
    await cachedSession("k", load, () => true);
    await cachedSession("k", load, () => true);
    expect(load.calls).toBe(2);
    await listen();
    await cachedSession("k", load, () => true);
    await cachedSession("k", load, () => true);
    expect(load.calls).toBe(3);
  });

  it("keeps only what passed, and no longer than its safety limit", async () => {
    await listen();
    const refused = counting(() => "refused");
    await cachedSession("r", refused, () => false);
    await cachedSession("r", refused, () => false);
    expect(refused.calls).toBe(2);
    const load = counting(() => "row");
    const t0 = Date.now();
    await cachedSession("k", load, () => true, t0);
    await cachedSession("k", load, () => true, t0 + SESSION_CACHE_TTL_MS - 1);
    expect(load.calls).toBe(1);
    await cachedSession("k", load, () => true, t0 + SESSION_CACHE_TTL_MS);
    expect(load.calls).toBe(2);
  });

  it("does not keep a read that overlapped a change", async () => {
    await listen();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = counting(() => "old row");
    const pending = cachedSession("k", async () => {
      await gate;
      return slow();
    }, () => true);
    forgetSessions();
    release();
    expect(await pending).toBe("old row");
    const load = counting(() => "new row");
    expect(await cachedSession("k", load, () => true)).toBe("new row");
    expect(load.calls).toBe(1);
  });

  it("goes off when the listener's connection drops, and forgets everything when it is back", async () => {
    let drop!: () => void;
    let reconnect!: () => void;
    listenForSessionChanges(async (_notice, onReconnect, onDrop) => {
      drop = onDrop;
      reconnect = onReconnect;
      return {};
    });
    await until(() => sessionCacheLive());
    const load = counting(() => "row");
    await cachedSession("k", load, () => true);
    drop();
    expect(sessionCacheLive()).toBe(false);
    await cachedSession("k", load, () => true);
    await cachedSession("k", load, () => true);
    expect(load.calls).toBe(3);
    reconnect();
    await cachedSession("k", load, () => true);
    await cachedSession("k", load, () => true);
    expect(load.calls).toBe(4);
  });
});

describe("a member's session, cached, against every change to members and sessions", () => {
  it("sees a role change, a deactivation, a sign-out and an end-everywhere at once, also when announced by another process", async () => {
    await listen();
    const member = await createMember(store.db, { email: "cached@example.com", name: "Cached", role: "operator", password: "cached-password-1" });
    const claims = await startSession(store.db, member.id, "password");
    const check = async () => {
      const now = Date.now();
      const found = await cachedSession(`${claims.memberId}\n${claims.sid}`, () => lookupSession(store.db, claims), (v) => judgeLookup(claims, v, now).ok, now);
      return judgeLookup(claims, found, now);
    };
    const first = await check();
    expect(first.ok && first.member.role).toBe("operator");

    // Written by this process: forgotten at once.
    const before = notices;
    await updateMemberRow(store.db, member.id, { role: "viewer" });
    const demoted = await check();
    expect(demoted.ok && demoted.member.role).toBe("viewer");
    // Its own notice comes back too (after the commit); let it land before the next step relies on "no notice yet".
    await until(() => notices > before);

    // Announced by another instance (a notice on the store only): forgotten when the notice arrives.
    const cached = await check();
    expect(cached.ok).toBe(true);
    await store.db.updateTable("members").set({ active: false }).where("id", "=", member.id).execute();
    expect((await check()).ok).toBe(true); // no notice yet: the cached row still speaks
    await store.db.selectNoFrom((eb) => eb.fn("pg_notify", [eb.val(SESSIONS_CHANNEL), eb.val("changed")]).as("n")).execute();
    for (let i = 0; i < 100 && (await check()).ok; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await check()).toEqual({ ok: false, reason: "inactive" });
    await updateMemberRow(store.db, member.id, { active: true });
    expect((await check()).ok).toBe(true);

    await endSession(store.db, claims.sid);
    expect(await check()).toEqual({ ok: false, reason: "ended" });

    const again = await startSession(store.db, member.id, "password");
    const verdict = () => checkSession(store.db, again);
    expect((await verdict()).ok).toBe(true);
    await endAllSessions(store.db, member.id);
    expect(await verdict()).toEqual({ ok: false, reason: "ended" });
  });

  it("announces from inside the writer's transaction (the notice goes out with the commit)", async () => {
    await listen();
    const load = counting(() => "row");
    await cachedSession("k", load, () => true);
    await store.db.transaction().execute(async (trx) => {
      await announceSessionChange(trx);
    });
    await cachedSession("k", load, () => true);
    expect(load.calls).toBe(2);
  });
});
