import { describe, expect, it } from "vitest";
import { validationMessage } from "@/lib/i18n/validation";
import { createMemberBodySchema, memberIdParamSchema, PASSWORD_MIN_LENGTH, teamList, teamListSchema, updateMemberBodySchema } from "@/lib/team/schemas";

const valid = { email: "  Ada@Example.COM ", name: "  Ada Lovelace ", role: "admin", password: "correct-horse-1" };

describe("createMemberBodySchema", () => {
  it("trims and lower-cases the email and trims the name", () => {
    expect(createMemberBodySchema.parse(valid)).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      role: "admin",
      password: "correct-horse-1",
    });
  });

  it("accepts a member without a password (SSO only)", () => {
    const { password: _password, ...sso } = valid;
    expect(createMemberBodySchema.parse(sso).password).toBeUndefined();
  });

  it.each(["", "ada", "ada@", "@example.com", "a b@example.com", "ada@@example.com", "ada@example", `${"a".repeat(250)}@example.com`, 42, "\u212Aim@example.com", "ada@exampl\u0130.com"])(
    "rejects the email %s",
    (email) => {
      const r = createMemberBodySchema.safeParse({ ...valid, email });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["email"]);
    },
  );

  it.each(["", "   ", "Ada\u0000", "Ada\nLovelace", "Ada\u0007", "Ada\u202Eecalevol", "x".repeat(101)])("rejects the name %j", (name) => {
    const r = createMemberBodySchema.safeParse({ ...valid, name });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["name"]);
  });

  it("accepts a name of exactly 100 characters, and non-Latin letters", () => {
    expect(createMemberBodySchema.safeParse({ ...valid, name: "x".repeat(100) }).success).toBe(true);
    expect(createMemberBodySchema.parse({ ...valid, name: "Ayşe Çağlar Öztürk" }).name).toBe("Ayşe Çağlar Öztürk");
  });

  it.each(["owner", "ADMIN", "", null])("rejects the role %j", (role) => {
    expect(createMemberBodySchema.safeParse({ ...valid, role }).success).toBe(false);
  });

  it("bounds the password", () => {
    expect(createMemberBodySchema.safeParse({ ...valid, password: "x".repeat(PASSWORD_MIN_LENGTH - 1) }).success).toBe(false);
    expect(createMemberBodySchema.safeParse({ ...valid, password: "x".repeat(PASSWORD_MIN_LENGTH) }).success).toBe(true);
    expect(createMemberBodySchema.safeParse({ ...valid, password: "x".repeat(200) }).success).toBe(true);
    expect(createMemberBodySchema.safeParse({ ...valid, password: "x".repeat(201) }).success).toBe(false);
    expect(createMemberBodySchema.safeParse({ ...valid, password: "" }).success).toBe(false);
  });

  it("rejects unknown fields", () => {
    const r = createMemberBodySchema.safeParse({ ...valid, active: true, password_hash: "x" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.code).toBe("unrecognized_keys");
  });
});

describe("updateMemberBodySchema", () => {
  it("accepts any one field", () => {
    expect(updateMemberBodySchema.parse({ role: "viewer" })).toEqual({ role: "viewer" });
    expect(updateMemberBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(updateMemberBodySchema.parse({ name: " New Name " })).toEqual({ name: "New Name" });
    expect(updateMemberBodySchema.parse({ password: "long-enough-pw" })).toEqual({ password: "long-enough-pw" });
  });

  it("needs at least one field", () => {
    const r = updateMemberBodySchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("validation.team.updateEmpty");
    expect(validationMessage(r.error!.issues[0]!)).toMatch(/at least one/);
  });

  it("rejects unknown fields, with that reason only", () => {
    const r = updateMemberBodySchema.safeParse({ email: "new@example.com" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.code)).toEqual(["unrecognized_keys"]);
  });

  it.each([{ active: "false" }, { active: 0 }, { role: "root" }, { name: "" }, { password: "short" }])("rejects %j", (body) => {
    expect(updateMemberBodySchema.safeParse(body).success).toBe(false);
  });
});

describe("memberIdParamSchema", () => {
  it.each([
    ["1", 1],
    ["12", 12],
    ["9007199254740991", Number.MAX_SAFE_INTEGER],
  ])("parses %s", (id, expected) => {
    expect(memberIdParamSchema.parse({ id })).toEqual({ id: expected });
  });

  it.each(["0", "-1", "1.5", "01", "01x", "1x", "1e3", " 1", "0x10", "", "9007199254740993", "99999999999999999999", "NaN"])(
    "rejects %j",
    (id) => {
      expect(memberIdParamSchema.safeParse({ id }).success).toBe(false);
    },
  );
});

describe("teamList", () => {
  it("asks for the whole team by default, at /api/team with no query", () => {
    expect(teamList.defaults).toEqual({ page: 1, limit: 1000 });
    expect(teamList.key(teamList.defaults)).toBe("/api/team");
    expect(teamList.key({ page: 2, limit: 1000 })).toBe("/api/team?page=2");
  });

  it("strict query for the handler: unknown parameters and bad paging are refused by name", () => {
    expect(teamList.querySchema.parse({})).toEqual({ page: 1, limit: 1000 });
    const r = teamList.querySchema.safeParse({ page: "0", limit: "10", q: "x" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["limit", "page", "q"]);
  });

  it("tolerant load for the page: a bad value reads as its default", () => {
    expect(teamList.load({ page: "x", limit: "7" })).toEqual(teamList.defaults);
    expect(teamList.load("?page=3")).toEqual({ page: 3, limit: 1000 });
  });

  it("an answer needs items and a total", () => {
    expect(teamListSchema.safeParse({ items: [] }).success).toBe(false);
    expect(teamListSchema.safeParse({ items: [], total: 0 }).success).toBe(true);
  });
});
