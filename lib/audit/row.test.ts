import { describe, expect, it } from "vitest";
import { openTestDb } from "@/lib/testing/store";
import { recordCliAudit } from "@/lib/team/cli-audit";
import { auditRow } from "@/lib/audit/row";

const AT = new Date("2024-05-01T10:00:00.000Z");

describe("auditRow", () => {
  it("writes every field of an entry in its column, JSON for the structured ones", () => {
    expect(
      auditRow(
        {
          actor: { id: 7, email: "admin@demo.local" },
          action: "member.update",
          target: { type: "member", id: 12 },
          outcome: "success",
          message: "Role changed",
          before: { role: "viewer" },
          after: { role: "operator" },
          details: { via: "ui" },
          requestId: "req-1",
          ip: "127.0.0.1",
        },
        AT,
      ),
    ).toEqual({
      at: "2024-05-01T10:00:00.000Z",
      actor_id: 7,
      actor_email: "admin@demo.local",
      action: "member.update",
      target_type: "member",
      target_id: "12",
      outcome: "success",
      message: "Role changed",
      before_json: '{"role":"viewer"}',
      after_json: '{"role":"operator"}',
      details_json: '{"via":"ui"}',
      request_id: "req-1",
      ip: "127.0.0.1",
    });
  });

  it("leaves what an entry does not say empty (null), never undefined", () => {
    expect(auditRow({ actor: null, action: "auth.sign_in", outcome: "failure", before: null }, AT)).toEqual({
      at: "2024-05-01T10:00:00.000Z",
      actor_id: null,
      actor_email: null,
      action: "auth.sign_in",
      target_type: null,
      target_id: null,
      outcome: "failure",
      message: null,
      before_json: null,
      after_json: null,
      details_json: null,
      request_id: null,
      ip: null,
    });
  });
});

describe("recordCliAudit", () => {
  it("records the command-line tool as the actor, with no request id or address", async () => {
    const conn = await openTestDb();
    try {
      await recordCliAudit(conn, { action: "member.create", target: { type: "member", id: 3 }, outcome: "success", after: { role: "admin" } });
      const row = await conn.selectFrom("audit_events").selectAll().where("action", "=", "member.create").executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        actor_id: null,
        actor_email: "cli",
        target_type: "member",
        target_id: "3",
        outcome: "success",
        after_json: '{"role":"admin"}',
        request_id: null,
        ip: null,
      });
    } finally {
      await conn.destroy();
    }
  });
});
