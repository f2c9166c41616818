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
    const message = renderAlert(event, "https://console.example.com", { locale: "en", timeZone: "UTC" });
    expect(message.lines.join("\n")).toContain("[redacted]");
    expect(message.lines.join("\n").match(/\[redacted\]/g)).toHaveLength(FORMS.length);
    for (const text of [emailSubject(message), plainText(message), htmlText(message), JSON.stringify(slackBody(message))]) expect(leaks(text), text).toEqual([]);
  });
});

describe("slackBody", () => {
  const HOSTILE = "Key *ERP* _sync_ ~old~ `x` <!channel> <https://evil.example|click> https://evil.example/login @here #general :tada:";
  const message = renderAlert({ type: "test", channelName: HOSTILE, by: "admin@demo.local", at: "2026-11-26T00:00:00.000Z" }, "https://console.example.com", { locale: "en", timeZone: "UTC" });

  it("sends names and the platform's words as plain text, never as Slack formatting, mentions or link previews", () => {
    const body = slackBody(message);
    const blocks = body.blocks as { type: string; text: { type: string; text: string; emoji?: boolean; verbatim?: boolean } }[];
    const carrying = blocks.filter((b) => b.text.text.includes("*ERP*"));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.text).toMatchObject({ type: "plain_text", emoji: false });
    expect(carrying[0]!.text.text).toContain("&lt;!channel&gt; &lt;https://evil.example|click&gt;");
    // Only the console's own link is mrkdwn, verbatim, and it holds nothing from the event.
    const formatted = blocks.filter((b) => b.text.type === "mrkdwn");
    expect(formatted).toEqual([{ type: "section", text: { type: "mrkdwn", text: "<https://console.example.com/alerts|Open in the Labs console>", verbatim: true } }]);
    expect(body).toMatchObject({ mrkdwn: false, unfurl_links: false, unfurl_media: false });
    expect(body.text).not.toMatch(/<(?!https:\/\/console\.example\.com)/);
  });
});
