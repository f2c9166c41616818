import { describe, expect, it } from "vitest";
import { tokenNeedles } from "@/test/token-needles";
import type { AlertEvent } from "@/lib/alerts/events";
import { emailSubject, htmlText, plainText, renderAlert, slackBody, type AlertMessage, type DeliveredEvent } from "@/lib/alerts/message";
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

describe("an alert in the channel's language", () => {
  const by = { email: "op@demo.local", name: null };
  const counts = { total: 2000, transferred: 1234, alreadyInErp: 1, rejected: 2, failed: 760, unknown: 3, notSent: 0 };
  const digest = { runs: { total: 1500, complete: 1400, completeWithRejections: 50, needsAttention: 40, interrupted: 9, running: 1 }, open: { total: 1003, failed: 1000, unknown: 1, notSent: 1, rejected: 1 } };
  const ALL: DeliveredEvent[] = [
    { type: "transfer.attention", runId: "run-1", status: "with_failures", counts, startedBy: by, at: "2026-11-25T10:00:00Z" },
    { type: "import.not_started", kind: "stock", origin: "manual", scheduleId: null, startedBy: null, errorCode: "http_503", detail: "", at: "2026-11-25T10:00:00Z" },
    { type: "import.not_started", kind: "prices", origin: "scheduled", scheduleId: "sch-1", startedBy: null, errorCode: "http_503", detail: "", at: "2026-11-25T10:00:00Z" },
    { type: "platform.unanswered", minutes: 1, since: "2026-11-25T09:50:00Z", lastError: "ETIMEDOUT", at: "2026-11-25T10:00:00Z" },
    { type: "schedule.paused", scheduleId: "sch-2", kind: "transfer", by: { email: "op@demo.local", name: "Onur" }, at: "2026-11-25T10:00:00Z" },
    { type: "import.stale", kind: "stock", hours: 6, lastStartedAt: "2026-11-25T03:00:00Z", at: "2026-11-25T10:00:00Z" },
    { type: "import.stale", kind: "products", hours: 1, lastStartedAt: null, at: "2026-11-25T10:00:00Z" },
    { type: "digest", mode: "hourly", since: "2026-11-25T09:00:00Z", until: "2026-11-25T10:00:00Z", timeZone: "Europe/Istanbul", at: "2026-11-25T10:00:00Z", ...digest, stale: [{ kind: "stock", hours: 6 }], requestedBy: "admin@demo.local" },
    { type: "handover", title: "Vardiya notu", body: "Vardiya notu\nStok içe aktarımı yavaş.", at: "2026-11-25T10:00:00Z" },
    { type: "test", channelName: "Ops", by: null, at: "2026-11-25T10:00:00Z" },
    { type: "transfer.breaker", change: "opened", cause: { kind: "http", status: 503 }, failing: 3, of: 4, since: "2026-11-25T09:10:00Z", pace: 6, at: "2026-11-25T09:10:00Z" },
    { type: "transfer.breaker", change: "recovered", cause: { kind: "same_reason", reason: "Muhasebe dönemi kapalı" }, failing: 4, of: 4, since: "2026-11-25T09:10:00Z", pace: 1, at: "2026-11-25T11:40:00Z" },
  ];
  const render = (event: DeliveredEvent, locale: "en" | "tr") => renderAlert(event, "https://console.example.com", { locale, timeZone: "Europe/Istanbul" });
  const words = (m: AlertMessage) => [m.subject, m.title, ...m.lines, m.open].join("\n");
  const ENGLISH = /\b(transferred|started by|open in|someone|import|schedule|digest|runs|failed|hours?|minutes?|test alert|paused|console|rejected|exceptions?|stock|price|order transfer|from|no answer)\b/i;

  it.each(ALL.flatMap((e) => (["en", "tr"] as const).map((locale) => ({ locale, event: e, type: e.type }))))("$type in $locale: formatted, no catalog key, no English in Turkish", ({ event, locale }) => {
    const message = render(event, locale);
    const slack = slackBody(message);
    for (const text of [words(message), plainText(message), htmlText(message), slack.text, ...(slack.blocks as { text: { text: string } }[]).map((b) => b.text.text)]) {
      expect(text).not.toMatch(/[{}]|\b(alertMessages|activity|alerts)\.[a-z]/);
    }
    if (locale === "tr") expect(words(message)).not.toMatch(ENGLISH);
    expect(slack.blocks.at(-1)).toMatchObject({ text: { text: `<${message.link}|${message.open}>` } });
  });

  it("writes numbers, times and kinds as the language does", () => {
    const [transfer, , scheduled, platform, paused, stale] = ALL;
    expect(render(transfer!, "en").lines[0]).toBe("Run run-1: 1,234 transferred, 1 already in the ERP, 2 rejected, 760 failed, 3 unknown, 0 not sent, of 2,000 orders.");
    expect(render(transfer!, "tr").lines).toEqual(["Çalıştırma run-1: 2.000 siparişten 1.234 aktarıldı, 1 zaten ERP'de, 2 reddedildi, 760 başarısız, 3 bilinmiyor, 0 gönderilmedi.", "Başlatan: op@demo.local."]);
    expect(render(scheduled!, "tr").lines[0]).toBe("Zamanlanmış fiyat içe aktarımı (sch-1 zamanlaması) başlamadı: http_503.");
    expect(render(platform!, "tr").title).toBe("Labs platformu 1 dakikadır yanıt vermiyor");
    expect(render(platform!, "en").lines[0]).toBe("No answer from the Labs platform since 25 Nov 2026, 12:50 GMT+3.");
    expect(render(platform!, "tr").lines[0]).toBe("Labs platformundan 25 Kas 2026 12:50 GMT+3 saatinden beri yanıt yok.");
    expect(render(paused!, "tr").title).toBe("Zamanlama duraklatıldı: sipariş aktarımı");
    expect(render(stale!, "tr").title).toBe("6 saattir hiç stok içe aktarımı başlamadı");
    const digestTr = render(ALL[7]!, "tr");
    expect(digestTr.subject).toBe("[Labs konsolu] Saatlik özet (şimdiye kadar): 1.500 aktarım çalıştırması, 1.003 açık istisna");
    expect(digestTr.lines[1]).toBe("Çalıştırmalar: 1.400 tamamlandı, 50 retlerle tamamlandı, 40 ilgi bekliyor, 9 yarıda kesildi, 1 hâlâ sürüyor.");
    expect(render(ALL[7]!, "en").title).toBe("Hourly digest so far: 1,500 transfer runs, 1,003 open exceptions");
    expect(render(ALL[8]!, "tr")).toMatchObject({ title: "Vardiya notu", lines: ["Vardiya notu", "Stok içe aktarımı yavaş."], open: "Labs konsolunda aç" });
    expect(render(ALL[10]!, "en")).toMatchObject({
      title: "Transfers held automatically: the ERP seems to be down",
      lines: ["Since 25 Nov 2026, 12:10 GMT+3, the ERP answered 503 on 3 of the last 4 batches. Scheduled transfers and queue sends wait; a probe batch goes every few minutes."],
      link: "https://console.example.com/erp#transfer-hold",
    });
    expect(render(ALL[10]!, "tr").lines[0]).toBe("25 Kas 2026 12:10 GMT+3 tarihinden beri: ERP 503 yanıtını verdi (son 4 partinin 3 tanesinde). Zamanlanmış aktarımlar ve kuyruk gönderimleri bekliyor; birkaç dakikada bir deneme partisi gönderiliyor.");
    expect(render(ALL[11]!, "en")).toMatchObject({ title: "Transfers resumed: the ERP answers again", lines: ["Held since 25 Nov 2026, 12:10 GMT+3 because the ERP refused every order with “Muhasebe dönemi kapalı” on 4 of the last 4 batches. What waited is sent at 1 batch a minute."] });
    expect(render(ALL[11]!, "tr").title).toBe("Aktarımlar yeniden başladı: ERP yine yanıt veriyor");
  });
});
