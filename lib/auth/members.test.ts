import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import { openTestStore } from "@/test/store";
import { DEMO_MEMBERS, ensureDemoMembers } from "@/lib/auth/members";
import { verifyPassword } from "@/lib/auth/password";

// Demo members are made at start-up by every instance; several starting together must all come up.

let store: Store;
let other: Store;

beforeAll(async () => {
  store = await openTestStore();
  // Another instance: a second handle on the same PostgreSQL database.
  other = await openStore({ databaseUrl: store.engine.connectionString, poolSize: 2 });
});
afterAll(async () => {
  await other.close();
  await store.close();
});

describe("ensureDemoMembers", () => {
  it(`two instances starting together both succeed and leave each demo member once on one PostgreSQL database`, async () => {
    await expect(Promise.all([ensureDemoMembers(store.db, "demo-pass-1"), ensureDemoMembers(other.db, "demo-pass-1")])).resolves.toBeDefined();
    const rows = await store.db.selectFrom("members").select(["email", "role", "password_hash"]).orderBy("id").execute();
    expect(rows.map((r) => [r.email, r.role]).sort()).toEqual(DEMO_MEMBERS.map((m) => [m.email, m.role]).sort());
    expect(await verifyPassword("demo-pass-1", rows[0]!.password_hash!)).toBe(true);
  });

  it("leaves existing members as they are on the next start", async () => {
    await store.db.updateTable("members").set({ name: "Renamed" }).where("email", "=", DEMO_MEMBERS[0].email).execute();
    await ensureDemoMembers(other.db, "another-pass-2");
    const admin = await store.db.selectFrom("members").selectAll().where("email", "=", DEMO_MEMBERS[0].email).executeTakeFirstOrThrow();
    expect(admin.name).toBe("Renamed");
    expect(await verifyPassword("demo-pass-1", admin.password_hash!)).toBe(true);
    expect(Number((await store.db.selectFrom("members").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(DEMO_MEMBERS.length);
  });
});
