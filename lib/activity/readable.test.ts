import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import type { AuditRecord } from "@/lib/activity/schemas";
import { actorName, eventMessage, fieldLabel, fieldValue, NO_NAMES, targetView, type ActivityNames, type Readers, type RootTranslator } from "@/lib/activity/readable";

const readers = (locale: "en" | "tr"): Readers => ({
  t: createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages }) as unknown as RootTranslator,
  when: (iso) => `at ${iso.slice(11, 16)}`,
});
const EN = readers("en");
const TR = readers("tr");

const event = (over: Partial<AuditRecord>): AuditRecord => ({
  id: 1,
  at: "2026-11-26T09:00:00.000Z",
  actorId: 1,
  actorEmail: "admin@demo.local",
  action: "warehouse.create",
  targetType: null,
  targetId: null,
  outcome: "success",
  message: null,
  before: null,
  after: null,
  details: null,
  requestId: null,
  ip: null,
  ...over,
});

const RUN = "7d0c1c9e-1111-4222-8333-444455556666";
const NAMES: ActivityNames = {
  actors: { "admin@demo.local": "Ayşe Admin", "operator@demo.local": "Onur Operator" },
  targets: {
    "warehouse:9": { name: "Ankara Depo", code: "ANK01", href: "/warehouses/9" },
    "warehouse:4": { name: "Eski Depo", code: "ESK01", deleted: true },
    [`erp_transfer_run:${RUN}`]: { name: null, orders: 12, at: "2026-11-26T08:15:00.000Z", href: `/erp/transfers/${RUN}` },
    "member:3": { name: "Veli Viewer" },
    "api_key:k1": { name: "ERP sync" },
    "schedule:s1": { name: null, kind: "stock" },
  },
};

const PLATFORM_SUCCESS = "Depo ekleme işlemi başarılı";

// One event per audited action (grep the callers of ctx.audit / recordAudit), with what each records.
const CASES: { e: Partial<AuditRecord>; en: string; tr: string }[] = [
  { e: { action: "auth.sign_in", details: { method: "password" } }, en: "Ayşe Admin signed in", tr: "Ayşe Admin oturum açtı" },
  { e: { action: "auth.sign_in", outcome: "failure", actorId: null, actorEmail: "typo@demo.local" }, en: "typo@demo.local was refused at sign-in", tr: "typo@demo.local için oturum açma reddedildi" },
  { e: { action: "auth.sign_out" }, en: "Ayşe Admin signed out", tr: "Ayşe Admin oturumu kapattı" },
  { e: { action: "auth.sign_out", targetType: "member", targetId: "3", details: { scope: "everywhere" } }, en: "Ayşe Admin ended every session of Veli Viewer", tr: "Ayşe Admin, şu üyenin tüm oturumlarını kapattı: Veli Viewer" },
  { e: { action: "member.create", targetType: "member", targetId: "3" }, en: "Ayşe Admin added team member Veli Viewer", tr: "Ayşe Admin ekip üyesi ekledi: Veli Viewer" },
  { e: { action: "member.update", targetType: "member", targetId: "3" }, en: "Ayşe Admin changed team member Veli Viewer", tr: "Ayşe Admin ekip üyesini değiştirdi: Veli Viewer" },
  { e: { action: "warehouse.create", targetType: "warehouse", targetId: "9", message: PLATFORM_SUCCESS }, en: "Ayşe Admin added warehouse Ankara Depo (ANK01)", tr: "Ayşe Admin depo ekledi: Ankara Depo (ANK01)" },
  { e: { action: "warehouse.update", targetType: "warehouse", targetId: "9", message: "Depo güncelleme işlemi başarılı" }, en: "Ayşe Admin edited warehouse Ankara Depo (ANK01)", tr: "Ayşe Admin depoyu düzenledi: Ankara Depo (ANK01)" },
  {
    e: { action: "warehouse.update", outcome: "failure", targetType: "warehouse", targetId: "9", message: "Kod zaten kullanılıyor" },
    en: "Ayşe Admin could not edit warehouse Ankara Depo (ANK01): Kod zaten kullanılıyor",
    tr: "Ayşe Admin depoyu düzenleyemedi: Ankara Depo (ANK01): Kod zaten kullanılıyor",
  },
  { e: { action: "warehouse.delete", targetType: "warehouse", targetId: "4", before: { name: "Eski Depo", code: "ESK01" } }, en: "Ayşe Admin deleted warehouse Eski Depo (ESK01) (deleted)", tr: "Ayşe Admin depoyu sildi: Eski Depo (ESK01) (silindi)" },
  {
    e: { action: "erp.transfer", actorEmail: "operator@demo.local", targetType: "erp_transfer_run", targetId: RUN, details: { event: "created", orders: 12 }, message: "Transfer run created: 12 orders in 1 batches." },
    en: "Onur Operator started a transfer of 12 orders",
    tr: "Onur Operator 12 siparişin aktarımını başlattı",
  },
  { e: { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, details: { event: "stop_requested" } }, en: "Ayşe Admin asked to stop the transfer of 12 orders", tr: "Ayşe Admin 12 siparişin aktarımının durdurulmasını istedi" },
  { e: { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, details: { event: "completed", counts: { total: 12 } } }, en: "The transfer of 12 orders completed", tr: "12 siparişin aktarımı tamamlandı" },
  {
    e: { action: "erp.transfer", outcome: "failure", targetType: "erp_transfer_run", targetId: RUN, details: { event: "completed", counts: { total: 1 } }, message: "Transfer run needs attention: …" },
    en: "The transfer of 1 order ended and needs attention",
    tr: "1 siparişin aktarımı bitti ve ilgi bekliyor",
  },
  { e: { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, details: { event: "interrupted", counts: { total: 12 } } }, en: "The transfer of 12 orders was interrupted", tr: "12 siparişin aktarımı yarıda kesildi" },
  { e: { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, details: { event: "stopped_by_breaker", counts: { total: 12 } } }, en: "The automatic breaker stopped the transfer of 12 orders; what it had not sent is in the failures inbox", tr: "Otomatik devre kesici 12 siparişin aktarımını durdurdu; gönderilmeyenler başarısız siparişler kutusunda" },
  {
    e: { action: "erp.breaker", targetType: "transfer_hold", targetId: "transfers", details: { event: "open", cause: { kind: "http", status: 503 }, failing: 3, of: 4, stoppedRuns: 2 } },
    en: "Transfers held automatically: the ERP answered 503 on 3 of the last 4 batches; 2 scheduled or queue runs stopped",
    tr: "Aktarımlar otomatik olarak bekletildi: ERP 503 yanıtını verdi (son 4 partinin 3 tanesinde); 2 zamanlanmış ya da kuyruk çalıştırması durduruldu",
  },
  { e: { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, details: { event: "handed_over" } }, en: "The transfer of 12 orders went on with another console instance", tr: "12 siparişin aktarımı başka bir konsol örneğinde sürdü" },
  { e: { action: "erp.import", targetType: "erp_import", targetId: "stock", details: { kind: "stock" }, message: "Stok içe aktarımı başladı" }, en: "Ayşe Admin started the stock import", tr: "Ayşe Admin stok içe aktarımını başlattı" },
  {
    e: { action: "erp.import", outcome: "failure", targetType: "erp_import", targetId: "prices", details: { kind: "prices" }, message: "Fiyat aktarımı zaten sürüyor" },
    en: "Ayşe Admin could not start the price import: Fiyat aktarımı zaten sürüyor",
    tr: "Ayşe Admin fiyat içe aktarımını başlatamadı: Fiyat aktarımı zaten sürüyor",
  },
  { e: { action: "erp.resolve", targetType: "erp_failures", targetId: "failed", details: { resolved: 3 } }, en: "Ayşe Admin marked 3 failed orders resolved", tr: "Ayşe Admin 3 başarısız siparişi çözüldü olarak işaretledi" },
  { e: { action: "erp.queue.add", targetType: "order_queue", targetId: "orders", details: { queued: 5 } }, en: "Ayşe Admin queued 5 orders for transfer", tr: "Ayşe Admin aktarım için 5 sipariş kuyruğa ekledi" },
  { e: { action: "erp.queue.remove", targetType: "order_queue", targetId: "orders", details: { removed: 1 } }, en: "Ayşe Admin took 1 order off the transfer queue", tr: "Ayşe Admin aktarım kuyruğundan 1 sipariş çıkardı" },
  { e: { action: "schedule.create", targetType: "schedule", targetId: "s1" }, en: "Ayşe Admin created the schedule for the stock import", tr: "Ayşe Admin zamanlama oluşturdu: stok içe aktarımı zamanlaması" },
  { e: { action: "schedule.pause", targetType: "schedule", targetId: "s1" }, en: "Ayşe Admin paused the schedule for the stock import", tr: "Ayşe Admin zamanlamayı duraklattı: stok içe aktarımı zamanlaması" },
  { e: { action: "schedule.skip", actorId: null, actorEmail: null, outcome: "failure", targetType: "schedule", targetId: "s1", details: { reason: "missed" } }, en: "The schedule for the stock import missed its start", tr: "Zamanlama başlangıcını kaçırdı: stok içe aktarımı zamanlaması" },
  { e: { action: "alert_channel.create", targetType: "alert_channel", targetId: "c1", after: { name: "Ops mail" } }, en: "Ayşe Admin added alert channel Ops mail", tr: "Ayşe Admin uyarı kanalı ekledi: Ops mail" },
  { e: { action: "alert_freshness.update", targetType: "alert_freshness_rule", targetId: "stock", after: { hours: 6 } }, en: "Ayşe Admin set the freshness rule for stock imports to 6 hours", tr: "Ayşe Admin 6 saat olarak ayarladı: stok içe aktarımları için güncellik kuralı" },
  { e: { action: "alert_freshness.update", targetType: "alert_freshness_rule", targetId: "stock", after: { hours: null } }, en: "Ayşe Admin turned off the freshness rule for stock imports", tr: "Ayşe Admin kapattı: stok içe aktarımları için güncellik kuralı" },
  { e: { action: "view.publish", targetType: "saved_view", targetId: "v1", after: { name: "Passive" } }, en: "Ayşe Admin shared saved view Passive with the team", tr: "Ayşe Admin kayıtlı görünümü ekiple paylaştı: Passive" },
  { e: { action: "apikey.revoke", targetType: "api_key", targetId: "k1" }, en: "Ayşe Admin revoked API key ERP sync", tr: "Ayşe Admin API anahtarını iptal etti: ERP sync" },
  {
    e: { action: "apikey.revoke", targetType: "api_key", targetId: "k1", details: { reason: "creator_deactivated", creator: "Mert Admin", creatorId: 5 } },
    en: "API key ERP sync was revoked: Ayşe Admin deactivated its creator, Mert Admin",
    tr: "Ayşe Admin, anahtarı oluşturan Mert Admin üyesini devre dışı bıraktığı için API anahtarı iptal edildi: ERP sync",
  },
  {
    e: { action: "apikey.revoke", targetType: "api_key", targetId: "k1", details: { reason: "creator_demoted", creator: "Mert Admin", creatorId: 5 } },
    en: "API key ERP sync was revoked: Ayşe Admin took the admin role from its creator, Mert Admin",
    tr: "Ayşe Admin, anahtarı oluşturan Mert Admin üyesinin yönetici rolünü kaldırdığı için API anahtarı iptal edildi: ERP sync",
  },
  { e: { action: "warehouse.update", actorId: null, actorEmail: "key ERP sync, created by Ayşe Admin", targetType: "warehouse", targetId: "9" }, en: "key ERP sync edited warehouse Ankara Depo (ANK01)", tr: "ERP sync anahtarı depoyu düzenledi: Ankara Depo (ANK01)" },
];

describe("event messages are the console's, in the reader's language", () => {
  it.each(CASES)("$e.action $e.outcome → $en", ({ e, en, tr }) => {
    expect(eventMessage(EN, event(e), NAMES)).toBe(en);
    expect(eventMessage(TR, event(e), NAMES)).toBe(tr);
  });

  it("never shows the platform's success text, also for rows written before this wording (render-time)", () => {
    const old = event({ action: "warehouse.create", targetType: "warehouse", targetId: "9", message: PLATFORM_SUCCESS, after: { name: "Ankara Depo", code: "ANK01" } });
    for (const r of [EN, TR]) expect(eventMessage(r, old, NO_NAMES)).not.toContain(PLATFORM_SUCCESS);
    expect(eventMessage(EN, old, NO_NAMES)).toBe("admin@demo.local added warehouse Ankara Depo (ANK01)");
  });

  it("an action the catalogs do not know reads as its actor and code, not as empty text", () => {
    expect(eventMessage(EN, event({ action: "robot.dance" }), NAMES)).toBe("Ayşe Admin: robot.dance");
  });
});

describe("targets", () => {
  it("a warehouse shows name and code and links to its page; a deleted one its last name, no link", () => {
    expect(targetView(EN, event({ targetType: "warehouse", targetId: "9" }), NAMES)).toEqual({ text: "Ankara Depo (ANK01)", href: "/warehouses/9" });
    expect(targetView(EN, event({ targetType: "warehouse", targetId: "4" }), NAMES)).toEqual({ text: "Eski Depo (ESK01) (deleted)", href: null });
    expect(targetView(TR, event({ targetType: "warehouse", targetId: "4" }), NAMES)).toEqual({ text: "Eski Depo (ESK01) (silindi)", href: null });
  });

  it("a run reads as its size and start and links to its page", () => {
    expect(targetView(EN, event({ targetType: "erp_transfer_run", targetId: RUN }), NAMES)).toEqual({ text: "Transfer of 12 orders, at 08:15", href: `/erp/transfers/${RUN}` });
    expect(targetView(TR, event({ targetType: "erp_transfer_run", targetId: RUN }), NAMES)?.text).toBe("12 siparişin aktarımı, at 08:15");
  });

  it("without resolved names, the event's own record names the target; no target, no view", () => {
    expect(targetView(EN, event({ targetType: "warehouse", targetId: "77", before: { name: "Bursa", code: "BRS" } }), NO_NAMES)).toEqual({ text: "Bursa (BRS)", href: null });
    expect(targetView(EN, event({ targetType: "member", targetId: "77" }), NO_NAMES)).toEqual({ text: "Member 77", href: null });
    expect(targetView(EN, event({}), NAMES)).toBeNull();
  });
});

describe("people", () => {
  it("a member by name, an API key as “key <name>”, the command line and the console by what they are", () => {
    expect(actorName(EN.t, event({}), NAMES)).toBe("Ayşe Admin");
    expect(actorName(EN.t, event({ actorEmail: "Admin@Demo.local" }), NAMES)).toBe("Ayşe Admin");
    expect(actorName(EN.t, event({ actorEmail: "gone@demo.local" }), NAMES)).toBe("gone@demo.local");
    expect(actorName(EN.t, event({ actorEmail: "key ERP sync, created by Ayşe Admin" }), NAMES)).toBe("key ERP sync");
    expect(actorName(TR.t, event({ actorEmail: "cli" }), NAMES)).toBe("Komut satırı aracı");
    expect(actorName(EN.t, event({ actorEmail: null }), NAMES)).toBe("The console");
  });
});

describe("field labels and values", () => {
  it("a warehouse's fields carry the form's labels, in both languages", () => {
    expect(fieldLabel(EN.t, "warehouse", "isActive")).toBe("Active");
    expect(fieldLabel(EN.t, "warehouse", "name")).toBe("Name");
    expect(fieldLabel(TR.t, "warehouse", "isActive")).toBe("Aktif");
    expect(fieldLabel(TR.t, "warehouse", "erpWarehouseId")).toBe("ERP depo kimliği");
    expect(fieldLabel(EN.t, "member", "ssoAllowed")).toBe("SSO allowed");
    expect(fieldLabel(TR.t, "saved_view", "shared")).toBe("Ekiple paylaşıldı");
    expect(fieldLabel(EN.t, "warehouse", "somethingNew")).toBe("somethingNew");
    expect(fieldLabel(EN.t, "alert_channel", "smtp.host")).toBe("smtp.host");
    expect(fieldLabel(TR.t, "alert_channel", "language")).toBe("Dil");
  });

  it("booleans read yes/no, roles by their names, nothing as a dash", () => {
    expect(fieldValue(EN.t, "isActive", true)).toBe("yes");
    expect(fieldValue(EN.t, "isActive", false)).toBe("no");
    expect(fieldValue(TR.t, "isActive", false)).toBe("hayır");
    expect(fieldValue(TR.t, "role", "operator")).toBe("Operatör");
    expect(fieldValue(EN.t, "kind", "prices")).toBe("price import");
    expect(fieldValue(EN.t, "name", "Ankara")).toBe("Ankara");
    expect(fieldValue(EN.t, "name", null)).toBe("—");
    expect(fieldValue(EN.t, "events", ["a"])).toBe('["a"]');
    expect([fieldValue(TR.t, "language", "tr"), fieldValue(EN.t, "language", "en")]).toEqual(["Türkçe", "English"]);
  });
});

describe("times in an event's details", () => {
  // As the pages and exports read them: an instant that is not one throws, as Intl does.
  const strict: Readers = { t: EN.t, when: (iso) => new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) };

  it("reads a recovery's window as times, and another action's from and to as they are, never as times", () => {
    const retried = event({ action: "erp.transfer_retry", targetType: "erp_transfer_run", targetId: RUN, details: { event: "created", origin: "retry_failed", from: "failures_inbox", orders: 3 } });
    expect(() => eventMessage(strict, retried, NAMES)).not.toThrow();
    const recovery = event({ action: "erp.recovery", targetType: "erp_transfer_run", targetId: RUN, details: { name: "ERP down", from: "2026-11-03T09:10:00.000Z", to: "2026-11-03T11:40:00.000Z", orders: 214 } });
    expect(eventMessage(strict, recovery, NAMES)).toContain("failed between 9:10 AM and 11:40 AM");
  });
});
