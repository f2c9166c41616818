import { describe, expect, it } from "vitest";
import { channelBodySchema, freshnessFormSchema } from "@/lib/alerts/schemas";

const webhook = { name: "Ops", kind: "webhook", enabled: true, events: ["transfer.attention"], url: "https://hooks.example.test/labs", signingSecret: "signing-secret-0123456789" };

describe("the channel body", () => {
  it("takes a well-formed webhook channel", () => {
    expect(channelBodySchema("create").safeParse(webhook).success).toBe(true);
  });

  it("refuses control characters in any text, naming the field (a NUL cannot even be stored)", () => {
    for (const [field, value] of [["name", "Ops\u0000"], ["url", "https://hooks.example.test/\u0000"], ["signingSecret", "signing-secret-0123456789\n"], ["smtpUser", "a\tb"], ["name", "x#2\u0085#2x"], ["name", "Ops\u202eevil"]] as const) {
      const parsed = channelBodySchema("create").safeParse({ ...webhook, [field]: value });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join(".")), field).toContain(field);
    }
  });

  it("refuses a field it does not know", () => {
    expect(channelBodySchema("create").safeParse({ ...webhook, id: "x" }).success).toBe(false);
  });
});

describe("an e-mail channel", () => {
  const email = { name: "Mail", kind: "email", enabled: true, events: ["transfer.attention"], smtpPort: 587, from: "a@b.test", recipients: "c@d.test" };
  const fields = (input: Record<string, unknown>) => {
    const parsed = channelBodySchema("create").safeParse({ ...email, ...input });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("logs in without TLS only to this machine", () => {
    expect(fields({ smtpHost: "mail.corp.example", smtpTls: "none", smtpUser: "alerts", smtpPassword: "pw-123456789" })).toEqual({ smtpTls: "validation.alerts.smtpPlainLogin" });
    expect(fields({ smtpHost: "10.0.0.5", smtpTls: "none", smtpUser: "alerts" })).toEqual({ smtpTls: "validation.alerts.smtpPlainLogin" });
    for (const smtpHost of ["127.0.0.1", "localhost", "[::1]"]) expect(fields({ smtpHost, smtpTls: "none", smtpUser: "alerts", smtpPassword: "pw-123456789" }), smtpHost).toEqual({});
    expect(fields({ smtpHost: "mail.corp.example", smtpTls: "starttls", smtpUser: "alerts", smtpPassword: "pw-123456789" })).toEqual({});
    expect(fields({ smtpHost: "mail.corp.example", smtpTls: "none" })).toEqual({});
  });
});

describe("the delivery mode", () => {
  const parse = (input: Record<string, unknown>) => channelBodySchema("create").safeParse({ ...webhook, ...input });

  it("is immediate unless chosen; a daily digest needs a time, an hourly one keeps none", () => {
    expect(parse({}).data?.delivery).toEqual({ mode: "immediate", time: null });
    expect(parse({ deliveryMode: "hourly", digestTime: "09:30" }).data?.delivery).toEqual({ mode: "hourly", time: null });
    expect(parse({ deliveryMode: "daily", digestTime: " 07:45 " }).data?.delivery).toEqual({ mode: "daily", time: "07:45" });
  });

  it("refuses an unknown mode and a daily time that is not HH:MM, naming the field", () => {
    for (const [input, field, code] of [
      [{ deliveryMode: "weekly" }, "deliveryMode", "validation.alerts.deliveryMode"],
      [{ deliveryMode: "daily" }, "digestTime", "validation.alerts.digestTime"],
      [{ deliveryMode: "daily", digestTime: "24:00" }, "digestTime", "validation.alerts.digestTime"],
      [{ deliveryMode: "daily", digestTime: "7:5" }, "digestTime", "validation.alerts.digestTime"],
    ] as const) {
      const parsed = parse(input);
      expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message]), JSON.stringify(input)).toEqual([[field, code]]);
    }
  });
});

describe("the freshness form", () => {
  it("reads empty as off and digits as whole hours, within the rule's bounds", () => {
    expect(freshnessFormSchema.safeParse({ hours: "" }).data).toEqual({ hours: null });
    expect(freshnessFormSchema.safeParse({ hours: "  " }).data).toEqual({ hours: null });
    expect(freshnessFormSchema.safeParse({ hours: " 6 " }).data).toEqual({ hours: 6 });
    expect(freshnessFormSchema.safeParse({ hours: "336" }).data).toEqual({ hours: 336 });
  });

  it("refuses anything else on the hours field with the rule's own message", () => {
    for (const hours of ["0", "337", "1.5", "-3", "6h", "abc", "1e2"]) {
      const parsed = freshnessFormSchema.safeParse({ hours });
      expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message]), hours).toEqual([["hours", "validation.alerts.freshnessHours"]]);
    }
  });
});
