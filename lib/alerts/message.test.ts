import { describe, expect, it } from "vitest";
import { tokenNeedles } from "@/e2e/token-needles";
import type { AlertEvent } from "@/lib/alerts/events";
import { emailSubject, htmlText, plainText, renderAlert, slackBody } from "@/lib/alerts/message";
import { processRedactor } from "@/lib/rules/secrets";

// An alert goes to a shared channel outside the console: its words hold no form of a registered secret, whatever the
// event quotes from the platform.

const SECRET = "alert-message/secret+8e0b";
processRedactor().add(SECRET);
const FORMS = [SECRET, SECRET.replace("/", "\\/"), encodeURIComponent(SECRET), Buffer.from(`x${SECRET}`).toString("base64")];
const TEXT = `Anahtar ${FORMS.join(" ")} reddedildi`;
const leaks = (text: string) => tokenNeedles(SECRET).filter((n) => text.includes(n.value)).map((n) => n.name);

const EVENTS: AlertEvent[] = [
  { type: "import.not_started", kind: "stock", origin: "manual", scheduleId: null, startedBy: { email: "op@demo.local", name: null }, errorCode: "http_422", detail: TEXT, at: "2026-11-25T10:00:00Z" },
  { type: "platform.unanswered", minutes: 10, since: "2026-11-25T09:50:00Z", lastError: TEXT, at: "2026-11-25T10:00:00Z" },
];

describe("renderAlert", () => {
  it.each(EVENTS)("says nothing of a secret the $type event quotes, in any of the channels' forms", (event) => {
    const message = renderAlert(event, "https://console.example.com");
    expect(message.lines.join("\n")).toContain("[redacted]");
    expect(message.lines.join("\n").match(/\[redacted\]/g)).toHaveLength(FORMS.length);
    for (const text of [emailSubject(message), plainText(message), htmlText(message), JSON.stringify(slackBody(message))]) expect(leaks(text), text).toEqual([]);
  });
});
