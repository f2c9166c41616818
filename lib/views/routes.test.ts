import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";

// The /api/views handlers in-process: the real wrapper, service and store (PostgreSQL); only the session and the store's door are stubbed.

type Member = { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" };
const state = stubDoors({ member: null as null | Member, conn: undefined as unknown as Kysely<Database>, store: undefined as unknown as Store });

const { defaultViewHref, VIEW_WRITES, VIEWS_PER_MEMBER } = await import("@/lib/views/service");
const { insertView } = await import("@/lib/views/store");

let ADMIN: Member;
let ADMIN2: Member;
let OPERATOR: Member;
let VIEWER: Member;

async function as<T>(member: Member, call: () => Promise<Response>): Promise<{ status: number; body: T }> {
  state.member = member;
  const res = await call();
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

type ViewAnswer = { view: { id: string; name: string; query: string; href: string; shared: boolean; editable: boolean } };
type ListAnswer = { items: { id: string; name: string; shared: boolean; editable: boolean }[]; defaultId: string | null };
type Problem = { code: string; detail?: string; reason?: string; errors?: Record<string, string[]>; fieldCodes?: Record<string, { code: string; params?: Record<string, string> }[]>; detailCode?: { code: string; params?: Record<string, string> } };

const create = (member: Member, body: unknown) => as<ViewAnswer & Problem>(member, () => callRoute("POST", "/api/views", body));
const list = (member: Member, kind = "warehouses") => as<ListAnswer>(member, () => callRoute("GET", `/api/views?list=${kind}`));
const patch = (member: Member, id: string, body: unknown) => as<ViewAnswer & Problem>(member, () => callRoute("PATCH", `/api/views/${id}`, body));
const remove = (member: Member, id: string) => as<Problem>(member, () => callRoute("DELETE", `/api/views/${id}`));
const setDefault = (member: Member, body: unknown) => as<ListAnswer & Problem>(member, () => callRoute("PUT", "/api/views/default", body));

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  const at = new Date();
  const add = async (email: string, name: string, role: Member["role"]): Promise<Member> => {
    const row = await state.conn
      .insertInto("members")
      .values({ email, name, role, password_hash: null, source: "password", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, email, name, role };
  };
  ADMIN = await add("views-admin@test.local", "Ada Admin", "admin");
  ADMIN2 = await add("views-admin2@test.local", "Aslı Admin", "admin");
  OPERATOR = await add("views-operator@test.local", "Oya Operator", "operator");
  VIEWER = await add("views-viewer@test.local", "Veli Viewer", "viewer");
});

afterAll(async () => {
  await state.store.close();
});

beforeEach(async () => {
  await state.conn.deleteFrom("saved_view_defaults").execute();
  await state.conn.deleteFrom("saved_views").execute();
  await state.conn.deleteFrom("audit_events").execute();
  // Each test starts with every member's write budget full.
  await state.conn.deleteFrom("login_failures").where("key", "like", "views:%").execute();
});

const actions = async () => (await state.conn.selectFrom("audit_events").select(["action", "actor_email", "target_id"]).orderBy("id").execute()).map((r) => r.action);

describe("/api/views", () => {
  it("an admin saves a view, publishes it, and an operator sees it but may not change it", async () => {
    const saved = await create(ADMIN, { list: "warehouses", name: "  Passive branches ", query: "?status=passive&page=4&hide=code" });
    expect(saved.status).toBe(201);
    expect(saved.body.view).toMatchObject({ name: "Passive branches", query: "status=passive&hide=code", href: "/warehouses?status=passive&hide=code", shared: false, editable: true });
    const id = saved.body.view.id;

    // Personal: the operator does not see it, and cannot reach it by id.
    expect((await list(OPERATOR)).body.items).toEqual([]);
    expect((await patch(OPERATOR, id, { name: "Mine" })).status).toBe(404);

    expect((await patch(ADMIN, id, { shared: true })).body.view.shared).toBe(true);
    const seen = await list(OPERATOR);
    expect(seen.body.items).toMatchObject([{ id, name: "Passive branches", shared: true, editable: false }]);
    expect((await list(OPERATOR, "activity")).body.items).toEqual([]);

    const refused = await patch(OPERATOR, id, { name: "Mine" });
    expect(refused.status).toBe(403);
    expect((await remove(OPERATOR, id)).status).toBe(403);
    // Another admin may change and delete team views.
    expect((await patch(ADMIN2, id, { name: "Passive" })).status).toBe(200);
    expect((await remove(ADMIN2, id)).status).toBe(204);
    expect((await list(OPERATOR)).body.items).toEqual([]);

    expect(await actions()).toEqual(["view.create", "view.publish", "view.update", "view.delete"]);
  });

  it("operators and viewers keep personal views but may not publish", async () => {
    for (const member of [OPERATOR, VIEWER]) {
      const refused = await create(member, { list: "warehouses", name: "Team?", query: "", shared: true });
      expect(refused.status).toBe(403);
      const own = await create(member, { list: "activity", name: "Failures", query: "outcome=failure" });
      expect(own.status).toBe(201);
      expect((await patch(member, own.body.view.id, { shared: true })).status).toBe(403);
      expect((await patch(member, own.body.view.id, { query: "outcome=denied" })).body.view.query).toBe("outcome=denied");
    }
    expect(await state.conn.selectFrom("saved_views").select("shared").where("shared", "=", true).execute()).toEqual([]);
  });

  it("names a duplicate or an empty name on the field, in the member's language too", async () => {
    await create(OPERATOR, { list: "warehouses", name: "Passive branches", query: "status=passive" });
    const dup = await create(OPERATOR, { list: "warehouses", name: "PASSIVE branches", query: "" });
    expect(dup.status).toBe(422);
    expect(dup.body.fieldCodes).toEqual({ name: [{ code: "validation.views.nameTaken" }] });
    expect(dup.body.errors?.name?.[0]).toMatch(/already exists/);
    const empty = await create(OPERATOR, { list: "warehouses", name: "   ", query: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.fieldCodes).toEqual({ name: [{ code: "validation.views.nameRequired" }] });
    // Another member, or another list, may use the name.
    expect((await create(VIEWER, { list: "warehouses", name: "Passive branches", query: "" })).status).toBe(201);
    expect((await create(OPERATOR, { list: "activity", name: "Passive branches", query: "" })).status).toBe(201);
    // A team view may not take a name a member already sees among the team's.
    await create(ADMIN, { list: "warehouses", name: "Everyone", query: "", shared: true });
    expect((await create(ADMIN2, { list: "warehouses", name: "everyone", query: "", shared: true })).body.fieldCodes).toEqual({ name: [{ code: "validation.views.nameTaken" }] });
  });

  it("refuses a query the list would refuse, and bodies with anything else in them", async () => {
    const smuggled = await create(ADMIN, { list: "warehouses", name: "x", query: "status=passive&token=secret" });
    expect(smuggled.status).toBe(422);
    expect(smuggled.body.errors?.query?.join(" ")).toMatch(/token/);
    expect((await create(ADMIN, { list: "warehouses", name: "x", query: "sort=password.asc" })).status).toBe(422);
    expect((await create(ADMIN, { list: "warehouses", name: "x", query: "", owner: 9 })).body.fieldCodes).toEqual({ owner: [{ code: "validation.views.unknownField", params: { name: "owner" } }] });
    expect((await create(ADMIN, { list: "members", name: "x", query: "" })).body.fieldCodes).toEqual({ list: [{ code: "validation.views.list" }] });
    expect((await create(ADMIN, { list: "warehouses", name: "x\u0000y", query: "" })).body.fieldCodes).toEqual({ name: [{ code: "validation.views.nameControl" }] });
    expect((await list(ADMIN, "members")).status).toBe(422);
    expect((await patch(ADMIN, "not-a-uuid", { name: "x" })).status).toBe(422);
    const { id } = (await create(ADMIN, { list: "warehouses", name: "ok", query: "" })).body.view;
    expect((await patch(ADMIN, id, {})).status).toBe(422);
    expect((await patch(ADMIN, id, { query: "status=gone" })).status).toBe(422);
    expect(await state.conn.selectFrom("saved_views").select("name").execute()).toEqual([{ name: "ok" }]);
  });

  it("keeps one default per member and list, which opens the list with no query", async () => {
    const a = (await create(OPERATOR, { list: "warehouses", name: "A", query: "status=passive", isDefault: true })).body.view;
    expect((await list(OPERATOR)).body.defaultId).toBe(a.id);
    expect(await defaultViewHref(OPERATOR, "warehouses")).toBe("/warehouses?status=passive");
    expect(await defaultViewHref(OPERATOR, "activity")).toBeNull();

    const team = (await create(ADMIN, { list: "warehouses", name: "Team", query: "sort=name.desc", shared: true })).body.view;
    const chosen = await setDefault(OPERATOR, { list: "warehouses", viewId: team.id });
    expect(chosen.body.defaultId).toBe(team.id);
    expect(await defaultViewHref(OPERATOR, "warehouses")).toBe("/warehouses?sort=name.desc");
    // The admin's own default is their own.
    expect(await defaultViewHref(ADMIN, "warehouses")).toBeNull();
    // Another member's personal view, or one of another list, cannot be made a default.
    const privateOne = (await create(VIEWER, { list: "warehouses", name: "P", query: "" })).body.view;
    expect((await setDefault(OPERATOR, { list: "warehouses", viewId: privateOne.id })).status).toBe(404);
    expect((await setDefault(OPERATOR, { list: "activity", viewId: team.id })).status).toBe(422);

    // Taken back from the team, it stops being the operator's default; deleted, too.
    await patch(ADMIN, team.id, { shared: false });
    expect(await defaultViewHref(OPERATOR, "warehouses")).toBeNull();
    await setDefault(OPERATOR, { list: "warehouses", viewId: a.id });
    await remove(OPERATOR, a.id);
    expect((await list(OPERATOR)).body.defaultId).toBeNull();
    expect((await setDefault(OPERATOR, { list: "warehouses", viewId: null })).status).toBe(200);
    expect((await actions()).filter((x) => x === "view.default")).toHaveLength(4);
  });

  it("refuses writes from another origin and answers 401 without a session", async () => {
    state.member = ADMIN;
    const crossSite = await callRoute("POST", "/api/views", { list: "warehouses", name: "x", query: "" }, { origin: "http://evil.test" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("content-type")).toBe("application/problem+json");
    state.member = null;
    expect((await callRoute("GET", "/api/views?list=warehouses")).status).toBe(401);
    expect(await state.conn.selectFrom("saved_views").select("id").execute()).toEqual([]);
  });

  it("keeps at most 100 views per member: the next is refused with 409 and the catalog's words, and saves nothing", async () => {
    for (let i = 0; i < VIEWS_PER_MEMBER; i++) {
      await insertView(state.conn, { list: i % 2 ? "activity" : "warehouses", name: `Kept ${i}`, query: "", shared: false, owner: VIEWER }, 1000);
    }
    const refused = await create(VIEWER, { list: "warehouses", name: "One too many", query: "status=passive" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "conflict", reason: "view_limit", detail: "You already keep 100 saved views, the most allowed per member. Delete one before saving another." });
    expect(refused.body.detailCode).toEqual({ code: "validation.views.tooMany", params: { max: "100" } });
    const kept = await state.conn.selectFrom("saved_views").select("id").where("owner_id", "=", VIEWER.id).execute();
    expect(kept).toHaveLength(VIEWS_PER_MEMBER);
    expect(await actions()).toEqual([]);
    // Another member is not held by it; deleting one makes room.
    expect((await create(OPERATOR, { list: "warehouses", name: "One too many", query: "" })).status).toBe(201);
    expect((await remove(VIEWER, kept[0]!.id)).status).toBe(204);
    expect((await create(VIEWER, { list: "warehouses", name: "One too many", query: "" })).status).toBe(201);
  });

  it("counts parallel saves one by one against the cap", async () => {
    for (let i = 0; i < VIEWS_PER_MEMBER - 2; i++) {
      await insertView(state.conn, { list: "warehouses", name: `Kept ${i}`, query: "", shared: false, owner: VIEWER }, 1000);
    }
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(VIEWER, { list: "activity", name: `Burst ${i}`, query: "" })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await state.conn.selectFrom("saved_views").select("id").where("owner_id", "=", VIEWER.id).execute()).toHaveLength(VIEWS_PER_MEMBER);
  });

  it("limits a member to 30 view writes a minute: 429 with Retry-After and the catalog's words; others go on", async () => {
    const ids: string[] = [];
    for (let i = 0; i < VIEW_WRITES.limit; i++) {
      const saved = await create(VIEWER, { list: "activity", name: `Flood ${i}`, query: `outcome=failure` });
      expect(saved.status).toBe(201);
      ids.push(saved.body.view.id);
    }
    state.member = VIEWER;
    const res = await callRoute("POST", "/api/views", { list: "activity", name: "Flood 31", query: "" });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: "too_many_requests", reason: "view_writes", detail: `Saved views were changed too often. Wait ${retryAfter} seconds and try again.` });
    // A page in Turkish says the catalog key sent beside the sentence.
    expect(problem.detailCode).toEqual({ code: "validation.views.tooFast", params: { seconds: String(retryAfter) } });
    // Every kind of write counts, and none is made.
    expect((await patch(VIEWER, ids[0]!, { name: "Renamed" })).status).toBe(429);
    expect((await remove(VIEWER, ids[0]!)).status).toBe(429);
    expect((await setDefault(VIEWER, { list: "activity", viewId: ids[0]! })).status).toBe(429);
    expect(await state.conn.selectFrom("saved_views").select("id").where("owner_id", "=", VIEWER.id).execute()).toHaveLength(VIEW_WRITES.limit);
    expect((await actions()).length).toBe(VIEW_WRITES.limit);
    // Reading goes on, and another member writes.
    expect((await list(VIEWER, "activity")).status).toBe(200);
    expect((await create(OPERATOR, { list: "activity", name: "Flood 1", query: "" })).status).toBe(201);
  });

  it("records a personal view's name in the shared trail but not its filters; a team view's filters are the team's", async () => {
    const personal = await create(VIEWER, { list: "activity", name: "Someone's failures", query: "actor=someone%40x.test&outcome=failure" });
    await patch(VIEWER, personal.body.view.id, { query: "actor=other%40x.test" });
    await remove(VIEWER, personal.body.view.id);
    const trail = await state.conn.selectFrom("audit_events").select(["message", "before_json", "after_json"]).orderBy("id").execute();
    expect(trail).toHaveLength(3);
    for (const row of trail) expect(JSON.stringify(row)).not.toMatch(/someone|other%40|x\.test&|actor=/);
    expect(JSON.parse(trail[0]!.after_json!)).toEqual({ list: "activity", name: "Someone's failures", shared: false, owner: VIEWER.email });

    await create(ADMIN, { list: "activity", name: "Team failures", query: "outcome=failure", shared: true });
    const team = await state.conn.selectFrom("audit_events").select("after_json").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(team.after_json!)).toMatchObject({ name: "Team failures", query: "outcome=failure", shared: true });
  });
});
