import { describe, expect, it } from "vitest";
import { openTestDb } from "@/test/store";
import { recordCliAudit } from "@/lib/team/cli-audit";
import { auditRow } from "@/lib/audit/row";
import { tokenNeedles } from "@/test/token-needles";
import { processRedactor } from "@/lib/rules/secrets";

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
      at: AT,
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
      at: AT,
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

  it("keeps no form of a registered secret in the message, before, after or details", () => {
    const secret = "audit-row/secret+0d5e";
    processRedactor().add(secret);
    const forms = [secret, secret.replace("/", "\\/"), encodeURIComponent(secret), Buffer.from(`x${secret}`).toString("base64")];
    const before = { name: `n ${secret}`, [secret]: forms };
    const row = auditRow(
      { actor: null, action: "erp.import", outcome: "failure", message: `refused: ${forms.join(" ")}`, before, after: [forms[1]], details: { detail: forms[2], deep: { x: [forms[3]] } } },
      AT,
    );
    expect(tokenNeedles(secret).filter((n) => JSON.stringify(row).includes(n.value))).toEqual([]);
    expect(row.message?.match(/\[redacted\]/g)).toHaveLength(forms.length);
    expect(JSON.parse(row.before_json!)).toEqual({ name: "n [redacted]", "[redacted]": forms.map(() => expect.stringContaining("[redacted]")) });
    expect(JSON.parse(row.after_json!)).toEqual(["[redacted]"]);
    expect(JSON.parse(row.details_json!)).toEqual({ detail: "[redacted]", deep: { x: [expect.stringContaining("[redacted]")] } });
    expect(before.name, "the entry itself is left as it was").toContain(secret);
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
