import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { actionLabel } from "@/lib/activity/labels";

const KNOWN = [
  "auth.sign_in",
  "auth.sign_out",
  "member.create",
  "member.update",
  "warehouse.create",
  "warehouse.update",
  "warehouse.delete",
  "erp.transfer",
  "erp.import",
  "schedule.create",
  "schedule.update",
  "schedule.pause",
  "schedule.resume",
  "schedule.run",
  "schedule.delete",
  "schedule.skip",
  "alert_channel.create",
  "alert_channel.update",
  "alert_channel.delete",
  "alert_channel.test",
  "alert_channel.digest",
  "alert_freshness.update",
];

describe.each(["en", "tr"] as const)("action labels (%s)", (locale) => {
  const t = createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages, namespace: "activity" });

  it("has a human label for every known action", () => {
    for (const action of KNOWN) {
      const label = actionLabel(t, action);
      expect(label, action).not.toBe(action);
      expect(label.trim(), action).not.toBe("");
    }
  });

  it("shows the raw name of an action it does not know, or of a malformed one", () => {
    expect(actionLabel(t, "erp.transfer_retry")).toBe("erp.transfer_retry");
    expect(actionLabel(t, "billing.charge")).toBe("billing.charge");
    expect(actionLabel(t, "auth")).toBe("auth");
    expect(actionLabel(t, "Auth.Sign_In")).toBe("Auth.Sign_In");
  });

  it("has a label for every outcome", () => {
    for (const outcome of ["success", "failure", "denied"]) expect(t.has(`outcomes.${outcome}`)).toBe(true);
  });
});

it("labels in Turkish are Turkish", () => {
  const t = createTranslator({ locale: "tr", messages: messagesFor("tr") as AbstractIntlMessages, namespace: "activity" });
  expect(actionLabel(t, "warehouse.delete")).toBe("Depo silindi");
  expect(actionLabel(t, "auth.sign_in")).toBe("Oturum açma");
});
