import fc from "fast-check";
import { NO_RUN } from "@/test/access-routes-erp";
import { readChannel } from "@/lib/rules/channel";
import { EXPORT_FORMATS } from "@/lib/export/format";
import { HOME_TILES } from "@/lib/home/constants";
import {
  alnum,
  anyJson,
  anyString,
  badBody,
  badCoercedPage,
  badExactLimit,
  badIdSegment,
  badQuery,
  badText,
  nonBlank,
  Entries,
  headerSafe,
  notAnEmail,
  notBoolean,
  notOneOf,
  RawNumber,
  stringWhere,
  type BodyCase,
  type FieldRule,
  type RawRequest,
} from "@/test/bad-input-arbitraries";
import { IN_PROCESS_API_KEY } from "@/test/api-keys";

export interface Target {
  file: string;
  method: RawRequest["method"];
  requests: fc.Arbitrary<RawRequest>;
  alsoOk?: (status: number) => boolean;
  /** Sent with a valid key: a 401 would mean the key, not the input, was refused. */
  keyed?: boolean;
}

const withBody = (method: RawRequest["method"], path: string, b: BodyCase, headers: Record<string, string> = {}): RawRequest => ({
  method,
  path,
  body: b.body,
  headers: { ...headers, ...(b.contentType === null ? {} : { "Content-Type": b.contentType }) },
});

// Fields of the warehouse bodies (docs/upstream-api.md "Warehouse"; lib/rules/warehouse.ts documents the limits).
const WAREHOUSE_FIELDS: Record<string, FieldRule> = {
  name: { valid: alnum(1, 20).map((s) => `Fuzz ${s}`), bad: badText(100, { spacesAllowed: true }), required: true },
  code: { valid: alnum(1, 20), bad: badText(50), required: true },
  erpWarehouseId: {
    valid: fc.oneof(fc.constant(null), fc.stringMatching(/^\d{1,10}$/)),
    bad: fc.oneof(fc.constantFrom<unknown>(0, 42, true, [], {}, new RawNumber("9007199254740993")), badText(50, { spacesAllowed: true }).filter((v) => v !== null && v !== "" && v !== " " && v !== "\t\n" && v !== "\u00a0")),
  },
  isActive: { valid: fc.boolean(), bad: notBoolean },
  isDefault: { valid: fc.boolean(), bad: notBoolean },
};
const optionalFields = (f: Record<string, FieldRule>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, { ...v, required: false }]));
const snapshot = fc.record({
  name: fc.string(),
  code: fc.string(),
  erpWarehouseId: fc.option(fc.string(), { nil: null }),
  isDefault: fc.boolean(),
  isActive: fc.boolean(),
});
const UPDATE_FIELDS: Record<string, FieldRule> = {
  ...optionalFields(WAREHOUSE_FIELDS),
  expected: {
    valid: snapshot,
    bad: fc.oneof(
      anyJson.filter((v) => v === null || typeof v !== "object" || Array.isArray(v)),
      snapshot.map((s) => ({ ...s, isActive: "yes" })),
      snapshot.map(({ name: _name, ...rest }) => rest),
    ),
  },
};

const ids = fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 });
const BULK_FIELDS: Record<string, FieldRule> = {
  ids: {
    valid: ids,
    required: true,
    bad: fc.oneof(
      fc.constant<unknown>([]),
      fc.constantFrom<unknown>(null, 1, "1,2", {}, [null], [0], [-1], [1.5], ["1"], [true], [[1]], [new RawNumber("9007199254740993")], [new RawNumber("1e400")], [new RawNumber("-0")]),
      fc.tuple(ids, fc.constantFrom<unknown>(0, -3, 2.5, "7", null, new RawNumber("18446744073709551616"))).map(([a, x]) => [...a, x]),
      fc.integer({ min: 501, max: 700 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
    ),
  },
  isActive: { valid: fc.boolean(), bad: notBoolean, required: true },
};

const orderId = fc.stringMatching(/^[0-9]{1,20}$/);
const TRANSFER_FIELDS: Record<string, FieldRule> = {
  orderIds: {
    valid: fc.uniqueArray(orderId, { minLength: 1, maxLength: 5 }),
    bad: fc.oneof(
      fc.constantFrom<unknown>([], null, "3572000", 3572000, {}, [3572000], [null], [""], [" 1"], ["1 "], ["1.0"], ["-1"], ["１"], ["3572000", "3572000"], ["123456789012345678901"]),
      fc.tuple(fc.uniqueArray(orderId, { maxLength: 3 }), stringWhere((s) => !/^\d{1,20}$/.test(s))).map(([a, x]) => [...a, x]),
      fc.constant(null).map(() => Array.from({ length: 10_001 }, (_, i) => String(10_000_000 + i))),
    ),
  },
  parentRunId: { valid: fc.uuid(), bad: stringWhere((s) => !/^[0-9a-f-]{36}$/i.test(s.trim())) },
  retry: { valid: fc.constantFrom("failed", "unsent", "unknown", "rejected"), bad: notOneOf(["failed", "unsent", "unknown", "rejected"], false) },
  confirmUnknown: { valid: fc.boolean(), bad: notBoolean },
  confirmRejected: { valid: fc.boolean(), bad: notBoolean },
};
const TRANSFER_COMBOS = [
  fc.tuple(fc.uniqueArray(orderId, { minLength: 1, maxLength: 3 }), fc.constantFrom("failed", "unsent")).map(([o, r]) => new Entries([["orderIds", o], ["retry", r], ["parentRunId", NO_RUN]])),
  fc.constantFrom("failed", "unsent", "unknown").map((r) => new Entries([["retry", r]])),
  fc.constant(new Entries([["retry", "unknown"], ["parentRunId", NO_RUN]])),
  fc.constant(new Entries([["retry", "rejected"], ["parentRunId", NO_RUN]])),
  fc.uniqueArray(orderId, { minLength: 1, maxLength: 3 }).map((o) => new Entries([["orderIds", o], ["parentRunId", NO_RUN]])),
  fc.tuple(fc.uniqueArray(orderId, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([o, c]) => new Entries([["orderIds", o], ["confirmUnknown", c]])),
  fc.constant(new Entries([])),
];
const goodKey = fc.uuid();
const INBOX_GROUP_FIELDS: Record<string, FieldRule> = {
  meaning: { valid: fc.constantFrom("failed", "not_sent"), bad: fc.oneof(notOneOf(["failed", "unknown", "not_sent", "rejected"], false), fc.constantFrom<unknown>(null, 1)), required: true },
  reasonCode: { valid: fc.constantFrom(null, "server_error:503"), bad: fc.constantFrom<unknown>(1, true, {}, "x".repeat(201)), required: true },
  reason: { valid: fc.constantFrom(null, "Sipariş bulunamadı."), bad: fc.constantFrom<unknown>(1, [], "x".repeat(2001)), required: true },
};
const badKey = fc.oneof(
  fc.constantFrom("", "short", "a b c d e f g h", "x".repeat(201), "key/with/slash", "schlüssel-12345678", "%2e%2e%2f%2e%2e"),
  anyString.filter((s) => headerSafe(s) && !(s.trim().length >= 8 && s.trim().length <= 200 && /^[A-Za-z0-9._:-]+$/.test(s.trim()))),
);

const IMPORT_FIELDS: Record<string, FieldRule> = {
  kind: { valid: fc.constantFrom("products", "prices", "stock"), bad: fc.oneof(notOneOf(["products", "prices", "stock"], false), fc.constantFrom<unknown>(null, 1, ["products"], "Products", "stock ", "orders")), required: true },
  confirmRepeat: { valid: fc.boolean(), bad: notBoolean },
};

const MEMBER_FIELDS: Record<string, FieldRule> = {
  email: {
    valid: alnum(3, 10).map((s) => `fuzz-${s.toLowerCase()}@example.test`),
    required: true,
    bad: fc.oneof(
      fc.constantFrom<unknown>(null, 1, [], "", " ", "x", "a@", "@b.c", "a b@c.d", "a@b@c.d", "admin@demo.local\u0000", "<a@b.c>"),
      notAnEmail,
      fc.integer({ min: 250, max: 400 }).map((n) => `${"a".repeat(n)}@example.test`),
    ),
  },
  name: { valid: alnum(1, 20).map((s) => `Fuzz ${s}`), bad: fc.oneof(badText(100, { spacesAllowed: true }), fc.constantFrom("a\u202eb", "x\u2066y")), required: true },
  role: { valid: fc.constantFrom("viewer", "operator", "admin"), bad: fc.oneof(notOneOf(["viewer", "operator", "admin"], false), fc.constantFrom<unknown>(null, 1, "Admin", "owner", "admin ")), required: true },
  password: {
    valid: alnum(12, 30),
    bad: fc.oneof(fc.constantFrom<unknown>(null, 1234567890, true, [], ""), fc.string({ maxLength: 11 }), fc.integer({ min: 201, max: 400 }).map((n) => "p".repeat(n))),
  },
};
const MEMBER_UPDATE_FIELDS: Record<string, FieldRule> = {
  name: MEMBER_FIELDS.name!,
  role: MEMBER_FIELDS.role!,
  active: { valid: fc.boolean(), bad: notBoolean },
  password: MEMBER_FIELDS.password!,
};

// A blank value means "not given" on the ERP and activity lists; the warehouse lists read page and limit strictly.
const WAREHOUSE_SORT = /^(id|name|code|erpWarehouseId|isActive|isDefault)\.(asc|desc)$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const warehouseFilters = {
  // q is trimmed first (a tab or a line break around it is whitespace, not a control character).
  q: stringWhere((s) => s.trim().length > 100 || CONTROL.test(s.trim())),
  status: stringWhere((s) => !["all", "active", "passive", "default"].includes(s)),
  sort: stringWhere((s) => !WAREHOUSE_SORT.test(s)),
};
const warehouseList = {
  ...warehouseFilters,
  page: stringWhere((s) => s !== "" && !/^[1-9]\d{0,6}$/.test(s)),
  limit: stringWhere((s) => s !== "" && ![10, 25, 50, 100].includes(Number(s))),
};
const code = stringWhere((s) => s.trim() === "" || s.trim().length > 50 || /\s/.test(s.trim()) || CONTROL.test(s.trim()));
const isCalendarDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const badDate = fc.oneof(
  stringWhere((s) => s.trim() !== "" && !isCalendarDate(s)),
  fc.constantFrom("2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "20240101", "2024-1-1", "2024-01-01T00:00", "0000-00-00"),
);
const activityQuery = {
  actor: notAnEmail.filter((s) => !s.trim().startsWith("key:")),
  action: stringWhere((s) => s.trim() !== "" && !/^[a-z_]+\.[a-z_]+$/.test(s)),
  target: fc.oneof(stringWhere((s) => /\p{Cc}/u.test(s.trim())), fc.string({ minLength: 201, maxLength: 260 }).filter((s) => s.trim().length > 200 && !/\p{Cc}/u.test(s))),
  from: badDate,
  to: badDate,
  outcome: notOneOf(["success", "failure", "denied"]),
  page: badCoercedPage,
  limit: badExactLimit,
};
const OUTCOMES = ["pending", "sending", "transferred", "not_transferred", "unknown"];
const badRunId = stringWhere((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s.trim()) && s.trim() !== "").map((s) => s);
const runSegment = fc.oneof(badIdSegment, badRunId.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))));
const redirected = (status: number) => status === 308 || status === 307;

const notTime = fc.oneof(fc.constantFrom<unknown>(7, "7", "25:00", "07:60", "7:00 pm", []), stringWhere((s) => !/^\d{2}:\d{2}$/.test(s)));
const SCHEDULE_FIELDS: Record<string, FieldRule> = {
  kind: { valid: fc.constantFrom("products", "prices", "stock"), bad: fc.oneof(notOneOf(["products", "prices", "stock", "transfer"], false), fc.constantFrom<unknown>(null, 1, ["stock"])), required: true },
  name: { valid: fc.oneof(alnum(0, 20), fc.constant(null)), bad: fc.oneof(fc.constantFrom<unknown>(1, [], {}, "a\u0000b", "x\ny"), fc.integer({ min: 81, max: 300 }).map((n) => "n".repeat(n))) },
  maxOrders: { valid: fc.constantFrom(null, 250), bad: fc.oneof(fc.constantFrom<unknown>("250", 0, 100_001, 2.5, [], {}, true), fc.integer({ min: 13, max: 300 }).map((n) => "9".repeat(n))) },
  sendWhenWaiting: { valid: fc.constantFrom(null, 50), bad: fc.constantFrom<unknown>("50", 0, -1, 2.5, 100_001, [], {}, true) },
  sendWhenOldestSeconds: { valid: fc.constantFrom(null, 120), bad: fc.constantFrom<unknown>("120", 4, 0, 30.5, 604_801, [], true) },
  rule: {
    valid: fc.constantFrom({ type: "every", minutes: 15 }, { type: "daily", times: ["06:30"] }, { type: "weekly", days: [1], times: ["06:30"] }),
    bad: fc.constantFrom<unknown>(null, 1, "every", { type: "every", minutes: "15" }, { type: "every", minutes: 7 }, { type: "daily", times: "06:30" }, { type: "daily", times: [] }, { type: "weekly", days: [], times: ["06:30"] }, { type: "weekly", days: ["1"], times: ["06:30"] }, { type: "cron", expression: "" }, { type: "cron", expression: "*".repeat(121) }, { type: "every", minutes: 15, x: 1 }),
    required: true,
  },
  timeZone: { valid: fc.constantFrom("Europe/Istanbul", "UTC"), bad: fc.oneof(fc.constantFrom<unknown>(null, 3, [], "Mars/Olympus", "EST", "", "Europe/Istanbull"), stringWhere((s) => !s.includes("/"))) },
  activeFrom: { valid: fc.constant(null), bad: notTime },
  activeTo: { valid: fc.constant(null), bad: notTime },
  paused: { valid: fc.constant(false), bad: fc.constantFrom<unknown>("true", 1, null, []) },
  id: { valid: fc.constant("3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f"), bad: fc.constantFrom<unknown>(1, {}, [], null, true) },
};
const notText = fc.constantFrom<unknown>(1, true, [], {}, ["x"]);
const CHANNEL_FIELDS: Record<string, FieldRule> = {
  name: { valid: alnum(1, 20).map((s) => `Fuzz ${s}`), bad: badText(100, { spacesAllowed: true }), required: true },
  kind: { valid: fc.constantFrom("webhook", "slack"), bad: fc.oneof(notOneOf(["webhook", "slack", "email"], false), fc.constantFrom<unknown>(null, 1)), required: true },
  enabled: { valid: fc.boolean(), bad: notBoolean, required: true },
  events: { valid: fc.constant(["transfer.attention"]), bad: fc.constantFrom<unknown>(null, [], ["nope"], "transfer.attention", [1], {}), required: true },
  url: { valid: fc.constantFrom("https://hooks.example.test/labs"), bad: notText },
  signingSecret: { valid: fc.constantFrom("fuzz-signing-secret-0123456789"), bad: notText },
  smtpHost: { valid: fc.constantFrom("mail.example.test"), bad: notText },
  smtpPort: { valid: fc.constantFrom(587, "25"), bad: fc.constantFrom<unknown>(true, [], {}, [25]) },
  smtpTls: { valid: fc.constantFrom("starttls"), bad: fc.oneof(notOneOf(["tls", "starttls", "none"], false), fc.constantFrom<unknown>(1, null)) },
  smtpUser: { valid: fc.constantFrom("ops"), bad: notText },
  smtpPassword: { valid: fc.constantFrom("fuzz-password"), bad: notText },
  from: { valid: fc.constantFrom("console@example.test"), bad: notText },
  recipients: { valid: fc.constantFrom("ops@example.test"), bad: fc.constantFrom<unknown>(1, true, {}, [1]) },
  deliveryMode: { valid: fc.constantFrom("immediate", "hourly"), bad: fc.oneof(notOneOf(["immediate", "hourly", "daily"], false), fc.constantFrom<unknown>(null, 1)) },
  digestTime: { valid: fc.constantFrom("08:00"), bad: notText },
};
const FRESHNESS_FIELDS: Record<string, FieldRule> = {
  kind: { valid: fc.constantFrom("products", "prices", "stock"), bad: fc.oneof(notOneOf(["products", "prices", "stock"], false), fc.constantFrom<unknown>(null, 1)), required: true },
  hours: { valid: fc.integer({ min: 1, max: 336 }), bad: fc.constantFrom<unknown>(0, -1, 337, 1.5, "6", true, [], {}), required: true },
};
const ARRIVAL_FIELDS: Record<string, FieldRule> = {
  silenceMinutes: { valid: fc.oneof(fc.integer({ min: 1, max: 10_080 }), fc.constant(null)), bad: fc.constantFrom<unknown>(0, -1, 10_081, 1.5, "30", true, [], {}), required: true },
  volumePercent: { valid: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(null)), bad: fc.constantFrom<unknown>(0, -1, 101, 2.5, "50", false, [], {}), required: true },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const badUuidSegment = fc.oneof(badIdSegment, stringWhere((s) => !UUID.test(s) && s.trim() !== "").map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))));
const VIEW_LISTS = ["warehouses", "activity"];
const badViewQuery = fc.oneof(
  fc.constantFrom<unknown>(null, 1, true, [], {}, ["status=passive"]),
  fc.constantFrom("token=1", "hide=password", "limit=7", "sort=secret.asc", "outcome=maybe&status=gone", "x=1&x=2", "limit=10&limit=25"),
  fc.integer({ min: 1001, max: 1500 }).map((n) => `q=${"x".repeat(n)}`),
);
const VIEW_FIELDS: Record<string, FieldRule> = {
  list: { valid: fc.constantFrom(...VIEW_LISTS), bad: fc.oneof(notOneOf(VIEW_LISTS, false), fc.constantFrom<unknown>(null, 1, ["warehouses"])), required: true },
  name: { valid: alnum(1, 20).map((s) => `Fuzz ${s}`), bad: badText(60, { spacesAllowed: true }), required: true },
  query: { valid: fc.constantFrom("", "limit=25", "page=2"), bad: badViewQuery, required: true },
  shared: { valid: fc.boolean(), bad: notBoolean },
  isDefault: { valid: fc.boolean(), bad: notBoolean },
};
const VIEW_UPDATE_FIELDS: Record<string, FieldRule> = {
  name: VIEW_FIELDS.name!,
  query: { ...VIEW_FIELDS.query!, required: false },
  shared: VIEW_FIELDS.shared!,
};
const VIEW_DEFAULT_FIELDS: Record<string, FieldRule> = {
  list: VIEW_FIELDS.list!,
  viewId: { valid: fc.constantFrom<unknown>(null, "00000000-0000-4000-8000-000000000000"), bad: fc.oneof(fc.constantFrom<unknown>(1, true, [], {}), stringWhere((s) => !UUID.test(s))), required: true },
};

const END_ALL_FIELDS: Record<string, FieldRule> = {
  confirm: { valid: fc.constant(true), bad: fc.oneof(fc.constant<unknown>(false), notBoolean), required: true },
};

const notAStarter = notAnEmail.filter((s) => s.trim() !== "automatic" && !s.trim().startsWith("key:"));
const HANDOVER_SEND_FIELDS: Record<string, FieldRule> = {
  channelId: {
    valid: fc.constant("00000000-0000-4000-8000-000000000000"),
    bad: fc.oneof(fc.constantFrom<unknown>(null, 0, 1, true, [], {}, "", " ", "\t"), fc.integer({ min: 101, max: 300 }).map((n) => "a".repeat(n))),
    required: true,
  },
};

const FAILURES_QUERY = {
  from: badDate,
  to: badDate,
  by: notAStarter,
  origin: notOneOf(["by_hand", "retry", "automatic", "api"]),
  run: stringWhere((s) => nonBlank(s) && !UUID.test(s.trim())),
  page: stringWhere((s) => nonBlank(s) && s !== "1"),
  limit: stringWhere((s) => nonBlank(s) && s !== "1"),
};
// Queued ids are judged one by one (a malformed one is named in a 200), so only the list's own shape is bad here.
const QUEUE_IDS_BAD = fc.oneof(
  fc.constantFrom<unknown>(null, "3572000", 3572000, {}, [], [3572000], [null], [["3572000"]]),
  fc.constant(null).map(() => Array.from({ length: 10_001 }, (_, i) => String(10_000_000 + i))),
);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const HOLD_FIELDS: Record<string, FieldRule> = {
  held: { valid: fc.constant(true), bad: notBoolean, required: true },
  reason: { valid: alnum(1, 20).map((s) => `Close ${s}`), bad: badText(500, { spacesAllowed: true }) },
  until: {
    valid: fc.constantFrom(2, 48).map(inHours),
    bad: fc.oneof(fc.constantFrom<unknown>(0, true, {}, "tomorrow", "2026-13-01T09:00:00Z", "2020-01-01T09:00:00Z"), fc.constantFrom(-1, 24 * 40).map(inHours)),
  },
};

export const TARGETS: Target[] = [
  {
    file: "erp/queue/route.ts",
    method: "GET",
    requests: badQuery({ page: badCoercedPage, limit: stringWhere((s) => nonBlank(s) && !["25", "50", "100"].includes(s)) }).map((q) => ({ method: "GET" as const, path: `/api/erp/queue${q}` })),
  },
  { file: "erp/queue/route.ts", method: "POST", requests: badBody({ orderIds: { valid: fc.uniqueArray(orderId, { minLength: 1, maxLength: 5 }), bad: QUEUE_IDS_BAD, required: true } }).map((b) => withBody("POST", "/api/erp/queue", b)) },
  {
    file: "erp/queue/route.ts",
    method: "DELETE",
    requests: badBody({
      orderIds: { valid: fc.uniqueArray(orderId, { minLength: 1, maxLength: 5 }), bad: fc.oneof(QUEUE_IDS_BAD, fc.constantFrom<unknown>([""], ["1.0"], ["-1"], ["１"], ["123456789012345678901"])), required: true },
    }).map((b) => withBody("DELETE", "/api/erp/queue", b)),
  },
  {
    file: "erp/queue/send/route.ts",
    method: "POST",
    requests: fc.tuple(fc.option(badKey, { nil: undefined }), fc.option(anyJson, { nil: undefined })).map(
      ([key, body]): RawRequest => ({ method: "POST", path: "/api/erp/queue/send", headers: key === undefined ? {} : { "Idempotency-Key": key }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    ),
  },
  { file: "erp/hold/route.ts", method: "PUT", requests: badBody(HOLD_FIELDS).map((b) => withBody("PUT", "/api/erp/hold", b)) },
  { file: "warehouses/route.ts", method: "GET", requests: badQuery(warehouseList).map((q) => ({ method: "GET", path: `/api/warehouses${q}` })) },
  { file: "warehouses/route.ts", method: "POST", requests: badBody(WAREHOUSE_FIELDS, [fc.constant(new Entries([["name", "Fuzz"], ["code", "FUZZ-DEFAULT-PASSIVE"], ["isDefault", true], ["isActive", false]]))]).map((b) => withBody("POST", "/api/warehouses", b)) },
  { file: "warehouses/[id]/route.ts", method: "GET", requests: badIdSegment.map((id) => ({ method: "GET", path: `/api/warehouses/${id}` })), alsoOk: redirected },
  {
    file: "warehouses/[id]/route.ts",
    method: "PUT",
    requests: fc.oneof(
      fc.tuple(badIdSegment, fc.jsonValue()).map(([id, v]) => withBody("PUT", `/api/warehouses/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      fc.tuple(fc.integer({ min: 1, max: 7 }), badBody(UPDATE_FIELDS)).map(([id, b]) => withBody("PUT", `/api/warehouses/${id}`, b)),
    ),
    alsoOk: redirected,
  },
  { file: "warehouses/[id]/route.ts", method: "DELETE", requests: badIdSegment.map((id) => ({ method: "DELETE", path: `/api/warehouses/${id}` })), alsoOk: redirected },
  { file: "warehouses/bulk/route.ts", method: "POST", requests: badBody(BULK_FIELDS).map((b) => withBody("POST", "/api/warehouses/bulk", b)) },
  {
    file: "warehouses/code-check/route.ts",
    method: "GET",
    requests: badQuery({ code, excludeId: stringWhere((s) => !/^[1-9]\d{0,15}$/.test(s)) }).map((q) => ({ method: "GET", path: `/api/warehouses/code-check${q}` })),
  },
  { file: "warehouses/export/route.ts", method: "GET", requests: badQuery({ ...warehouseFilters, format: notOneOf(EXPORT_FORMATS) }).map((q) => ({ method: "GET", path: `/api/warehouses/export${q}` })) },
  {
    file: "erp/transfers/route.ts",
    method: "GET",
    requests: badQuery({
      status: notOneOf(["running", "all_transferred", "with_failures", "interrupted"]),
      result: notOneOf(["running", "complete", "complete_with_rejections", "needs_attention", "interrupted"]),
      origin: notOneOf(["by_hand", "retry", "automatic", "api"]),
      by: notAStarter,
      from: badDate,
      to: badDate,
      page: badCoercedPage,
      limit: badExactLimit,
    }).map((q) => ({ method: "GET", path: `/api/erp/transfers${q}` })),
  },
  {
    file: "erp/transfers/route.ts",
    method: "POST",
    requests: fc.oneof(
      fc.tuple(fc.option(badKey, { nil: undefined }), fc.uniqueArray(orderId, { minLength: 1, maxLength: 3 })).map(([key, o]) =>
        withBody("POST", "/api/erp/transfers", { contentType: "application/json", body: JSON.stringify({ orderIds: o }) }, key === undefined ? {} : { "Idempotency-Key": key }),
      ),
      fc.tuple(goodKey, badBody(TRANSFER_FIELDS, TRANSFER_COMBOS)).map(([key, b]) => withBody("POST", "/api/erp/transfers", b, { "Idempotency-Key": key })),
    ),
  },
  {
    file: "erp/orders/[orderId]/route.ts",
    method: "GET",
    // An order id is digits as typed (trimmed), at most 20.
    requests: stringWhere((s) => s.trim() !== "" && !/^\d{1,20}$/.test(s.trim())).map((s) => ({
      method: "GET" as const,
      path: `/api/erp/orders/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))}`,
    })),
    alsoOk: redirected,
  },
  {
    file: "erp/orders/transferred/route.ts",
    method: "POST",
    requests: badBody({
      orderIds: {
        valid: fc.uniqueArray(orderId, { maxLength: 5 }),
        bad: fc.oneof(
          fc.constantFrom<unknown>(null, "3572000", 3572000, {}, [3572000], [null], [""], ["1.0"], ["-1"], ["１"], ["123456789012345678901"]),
          fc.constant(null).map(() => Array.from({ length: 10_001 }, (_, i) => String(10_000_000 + i))),
        ),
        required: true,
      },
    }).map((b) => withBody("POST", "/api/erp/orders/transferred", b)),
  },
  {
    file: "erp/transfers/[runId]/route.ts",
    method: "GET",
    requests: fc.oneof(
      fc.tuple(runSegment, fc.constantFrom("", "?page=1", "?outcome=unknown")).map(([id, q]) => ({ method: "GET" as const, path: `/api/erp/transfers/${id}${q}` })),
      badQuery({ outcome: notOneOf(OUTCOMES), page: badCoercedPage, limit: badExactLimit }).map((q) => ({ method: "GET" as const, path: `/api/erp/transfers/${NO_RUN}${q}` })),
    ),
    alsoOk: redirected,
  },
  {
    file: "erp/failures/route.ts",
    method: "GET",
    requests: badQuery(FAILURES_QUERY).map((q) => ({ method: "GET" as const, path: `/api/erp/failures${q}` })),
  },
  {
    file: "erp/failures/retry/route.ts",
    method: "POST",
    requests: fc.oneof(
      fc.tuple(goodKey, badBody(INBOX_GROUP_FIELDS)).map(([key, b]) => withBody("POST", "/api/erp/failures/retry", b, { "Idempotency-Key": key })),
      fc.tuple(goodKey, badQuery(FAILURES_QUERY)).map(([key, q]) =>
        withBody("POST", `/api/erp/failures/retry${q}`, { contentType: "application/json", body: JSON.stringify({ meaning: "failed", reasonCode: null, reason: null }) }, { "Idempotency-Key": key }),
      ),
    ),
  },
  {
    file: "erp/failures/resolve/route.ts",
    method: "POST",
    requests: badBody({ ...INBOX_GROUP_FIELDS, note: { valid: fc.constantFrom("Keyed in by hand"), bad: fc.constantFrom<unknown>(null, 1, "", "   ", "x".repeat(501)), required: true } }).map((b) =>
      withBody("POST", "/api/erp/failures/resolve", b),
    ),
  },
  {
    file: "erp/transfers/[runId]/stop/route.ts",
    method: "POST",
    requests: runSegment.map((id) => ({ method: "POST" as const, path: `/api/erp/transfers/${id}/stop` })),
    alsoOk: redirected,
  },
  {
    file: "erp/transfers/[runId]/export/route.ts",
    method: "GET",
    requests: fc.oneof(
      runSegment.map((id) => ({ method: "GET" as const, path: `/api/erp/transfers/${id}/export` })),
      badQuery({ outcome: notOneOf(OUTCOMES), format: notOneOf([...EXPORT_FORMATS, "txt"]) }).map((q) => ({ method: "GET" as const, path: `/api/erp/transfers/${NO_RUN}/export${q}` })),
    ),
    alsoOk: redirected,
  },
  {
    file: "erp/imports/route.ts",
    method: "GET",
    requests: badQuery({ kind: notOneOf(["products", "prices", "stock"]), page: badCoercedPage, limit: badExactLimit }).map((q) => ({ method: "GET", path: `/api/erp/imports${q}` })),
  },
  { file: "erp/imports/route.ts", method: "POST", requests: badBody(IMPORT_FIELDS).map((b) => withBody("POST", "/api/erp/imports", b)) },
  { file: "activity/route.ts", method: "GET", requests: badQuery(activityQuery).map((q) => ({ method: "GET", path: `/api/activity${q}` })) },
  { file: "activity/export/route.ts", method: "GET", requests: badQuery({ ...activityQuery, format: notOneOf(EXPORT_FORMATS) }).map((q) => ({ method: "GET", path: `/api/activity/export${q}` })) },
  {
    file: "team/route.ts",
    method: "GET",
    requests: fc.array(fc.tuple(anyString, anyString), { minLength: 1, maxLength: 4 }).map((pairs) => ({
      method: "GET" as const,
      path: `/api/team?${pairs.map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, "?"))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, "?"))}`).join("&")}`,
    })),
    alsoOk: (s) => s === 200,
  },
  { file: "team/route.ts", method: "POST", requests: badBody(MEMBER_FIELDS).map((b) => withBody("POST", "/api/team", b)) },
  { file: "erp/schedules/route.ts", method: "POST", requests: badBody(SCHEDULE_FIELDS).map((b) => withBody("POST", "/api/erp/schedules", b)) },
  {
    file: "erp/schedules/[id]/route.ts",
    method: "PUT",
    requests: fc.oneof(
      fc.tuple(badUuidSegment, fc.jsonValue()).map(([id, v]) => withBody("PUT", `/api/erp/schedules/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      badBody(SCHEDULE_FIELDS).map((b) => withBody("PUT", `/api/erp/schedules/${NO_RUN}`, b)),
    ),
    alsoOk: redirected,
  },
  {
    file: "erp/schedules/[id]/route.ts",
    method: "PATCH",
    requests: fc.oneof(
      fc.tuple(badUuidSegment, fc.jsonValue()).map(([id, v]) => withBody("PATCH", `/api/erp/schedules/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      badBody(SCHEDULE_FIELDS).map((b) => withBody("PATCH", `/api/erp/schedules/${NO_RUN}`, b)),
    ),
    alsoOk: redirected,
  },
  { file: "erp/schedules/[id]/route.ts", method: "DELETE", requests: badUuidSegment.map((id) => ({ method: "DELETE", path: `/api/erp/schedules/${id}` })), alsoOk: redirected },
  { file: "erp/schedules/[id]/pause/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/erp/schedules/${id}/pause` })), alsoOk: redirected },
  { file: "erp/schedules/[id]/run/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/erp/schedules/${id}/run` })), alsoOk: redirected },
  { file: "erp/schedules/[id]/resume/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/erp/schedules/${id}/resume` })), alsoOk: redirected },
  { file: "alerts/channels/route.ts", method: "POST", requests: badBody(CHANNEL_FIELDS).map((b) => withBody("POST", "/api/alerts/channels", b)) },
  {
    // Accepted, it would end the fuzzing admin's own sessions: only { "confirm": true } is, and it is never generated.
    file: "auth/sessions/end-all/route.ts",
    method: "POST",
    requests: fc
      .oneof(
        badBody(END_ALL_FIELDS),
        fc.jsonValue().filter((v) => JSON.stringify(v) !== '{"confirm":true}').map((v): BodyCase => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      )
      .map((b) => withBody("POST", "/api/auth/sessions/end-all", b)),
  },
  { file: "alerts/channels/[id]/route.ts", method: "GET", requests: badUuidSegment.map((id) => ({ method: "GET", path: `/api/alerts/channels/${id}` })), alsoOk: redirected },
  {
    file: "alerts/channels/[id]/route.ts",
    method: "PATCH",
    requests: fc.oneof(
      fc.tuple(badUuidSegment, fc.jsonValue()).map(([id, v]) => withBody("PATCH", `/api/alerts/channels/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      badBody(CHANNEL_FIELDS).map((b) => withBody("PATCH", `/api/alerts/channels/${NO_RUN}`, b)),
    ),
    alsoOk: redirected,
  },
  { file: "alerts/channels/[id]/route.ts", method: "DELETE", requests: badUuidSegment.map((id) => ({ method: "DELETE", path: `/api/alerts/channels/${id}` })), alsoOk: redirected },
  { file: "alerts/freshness/route.ts", method: "PUT", requests: badBody(FRESHNESS_FIELDS).map((b) => withBody("PUT", "/api/alerts/freshness", b)) },
  { file: "alerts/arrivals/route.ts", method: "PUT", requests: badBody(ARRIVAL_FIELDS).map((b) => withBody("PUT", "/api/alerts/arrivals", b)) },
  { file: "alerts/channels/[id]/test/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/alerts/channels/${id}/test` })), alsoOk: redirected },
  { file: "alerts/channels/[id]/digest/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/alerts/channels/${id}/digest` })), alsoOk: redirected },
  {
    file: "alerts/channels/route.ts",
    method: "GET",
    // Two lists share /alerts: the channels page with their own keys.
    requests: badQuery({ channelPage: badCoercedPage, channelLimit: stringWhere((s) => nonBlank(s) && !["25", "50", "100"].includes(s)) }).map((q) => ({
      method: "GET" as const,
      path: `/api/alerts/channels${q}`,
    })),
  },
  {
    file: "erp/schedules/route.ts",
    method: "GET",
    requests: badQuery({ page: badCoercedPage, limit: stringWhere((s) => nonBlank(s) && !["25", "50", "100"].includes(s)) }).map((q) => ({
      method: "GET" as const,
      path: `/api/erp/schedules${q}`,
    })),
  },
  {
    file: "alerts/deliveries/route.ts",
    method: "GET",
    requests: badQuery({
      channel: stringWhere((s) => nonBlank(s) && !UUID.test(s)),
      status: notOneOf(["queued", "retrying", "delivered", "failed"]),
      page: badCoercedPage,
      limit: stringWhere((s) => nonBlank(s) && !["25", "50", "100", "200"].includes(s)),
    }).map((q) => ({ method: "GET", path: `/api/alerts/deliveries${q}` })),
  },
  { file: "views/route.ts", method: "GET", requests: badQuery({ list: notOneOf(VIEW_LISTS, false) }).map((q) => ({ method: "GET", path: `/api/views${q}` })) },
  { file: "views/route.ts", method: "POST", requests: badBody(VIEW_FIELDS).map((b) => withBody("POST", "/api/views", b)) },
  {
    file: "views/[id]/route.ts",
    method: "PATCH",
    requests: fc.oneof(
      fc.tuple(badUuidSegment, fc.jsonValue()).map(([id, v]) => withBody("PATCH", `/api/views/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      badBody(VIEW_UPDATE_FIELDS, [fc.constant(new Entries([]))]).map((b) => withBody("PATCH", `/api/views/${NO_RUN}`, b)),
    ),
    alsoOk: redirected,
  },
  { file: "views/[id]/route.ts", method: "DELETE", requests: badUuidSegment.map((id) => ({ method: "DELETE", path: `/api/views/${id}` })), alsoOk: redirected },
  { file: "views/default/route.ts", method: "PUT", requests: badBody(VIEW_DEFAULT_FIELDS).map((b) => withBody("PUT", "/api/views/default", b)) },
  {
    file: "home/[tile]/route.ts",
    method: "GET",
    requests: fc
      .oneof(badIdSegment, stringWhere((s) => !(HOME_TILES as readonly string[]).includes(s) && s.trim() !== "").map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))))
      .map((tile) => ({ method: "GET", path: `/api/home/${tile}` })),
    alsoOk: redirected,
  },
  {
    file: "home/handovers/route.ts",
    method: "POST",
    requests: fc
      .oneof(
        fc.jsonValue().filter((v) => JSON.stringify(v) !== "{}").map((v): BodyCase => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
        fc.constantFrom<string | null>(null, "text/plain", "application/x-www-form-urlencoded").map((contentType): BodyCase => ({ contentType, body: "{}" })),
      )
      .map((b) => withBody("POST", "/api/home/handovers", b)),
  },
  { file: "home/handovers/[id]/route.ts", method: "GET", requests: badIdSegment.map((id) => ({ method: "GET", path: `/api/home/handovers/${id}` })), alsoOk: redirected },
  { file: "home/handovers/[id]/read/route.ts", method: "POST", requests: badIdSegment.map((id) => ({ method: "POST", path: `/api/home/handovers/${id}/read` })), alsoOk: redirected },
  {
    file: "home/handovers/[id]/send/route.ts",
    method: "POST",
    requests: fc.oneof(
      badIdSegment.map((id) => withBody("POST", `/api/home/handovers/${id}/send`, { contentType: "application/json", body: '{"channelId":"00000000-0000-4000-8000-000000000000"}' })),
      badBody(HANDOVER_SEND_FIELDS).map((b) => withBody("POST", "/api/home/handovers/1/send", b)),
    ),
    alsoOk: redirected,
  },
  {
    file: "team/[id]/route.ts",
    method: "PATCH",
    requests: fc.oneof(
      fc.tuple(badIdSegment, fc.jsonValue()).map(([id, v]) => withBody("PATCH", `/api/team/${id}`, { contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
      fc.tuple(fc.integer({ min: 900_000, max: 999_999 }), badBody(MEMBER_UPDATE_FIELDS, [fc.constant(new Entries([]))])).map(([id, b]) => withBody("PATCH", `/api/team/${id}`, b)),
    ),
    alsoOk: redirected,
  },
];

// The /api/v1 twins take the browser routes' malformed requests, sent with the in-process console's operator key.
const V1_TWINS: { from: string; to: string; file: string; v1File: string; method?: RawRequest["method"]; v1Method?: RawRequest["method"] }[] = [
  { from: "/api/warehouses", to: "/api/v1/warehouses", file: "warehouses/route.ts", v1File: "v1/warehouses/route.ts" },
  { from: "/api/warehouses", to: "/api/v1/warehouses", file: "warehouses/[id]/route.ts", v1File: "v1/warehouses/[id]/route.ts" },
  { from: "/api/warehouses", to: "/api/v1/warehouses", file: "warehouses/[id]/route.ts", v1File: "v1/warehouses/[id]/route.ts", method: "PUT", v1Method: "PATCH" },
  { from: "/api/erp/transfers", to: "/api/v1/transfers", file: "erp/transfers/route.ts", v1File: "v1/transfers/route.ts" },
  { from: "/api/erp/transfers", to: "/api/v1/transfers", file: "erp/transfers/[runId]/route.ts", v1File: "v1/transfers/[runId]/route.ts" },
  { from: "/api/erp/transfers", to: "/api/v1/transfers", file: "erp/transfers/[runId]/stop/route.ts", v1File: "v1/transfers/[runId]/stop/route.ts" },
  { from: "/api/erp/orders", to: "/api/v1/orders", file: "erp/orders/[orderId]/route.ts", v1File: "v1/orders/[orderId]/route.ts" },
  { from: "/api/erp/imports", to: "/api/v1/imports", file: "erp/imports/route.ts", v1File: "v1/imports/route.ts" },
  { from: "/api/erp/failures", to: "/api/v1/failures", file: "erp/failures/route.ts", v1File: "v1/failures/route.ts" },
  { from: "/api/erp/failures", to: "/api/v1/failures", file: "erp/failures/retry/route.ts", v1File: "v1/failures/retry/route.ts" },
  { from: "/api/erp/failures", to: "/api/v1/failures", file: "erp/failures/resolve/route.ts", v1File: "v1/failures/resolve/route.ts" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/route.ts", v1File: "v1/schedules/route.ts" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/route.ts", v1File: "v1/schedules/[id]/route.ts" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/route.ts", v1File: "v1/schedules/[id]/route.ts", method: "PUT" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/route.ts", v1File: "v1/schedules/[id]/route.ts", method: "PATCH" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/pause/route.ts", v1File: "v1/schedules/[id]/pause/route.ts" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/run/route.ts", v1File: "v1/schedules/[id]/run/route.ts" },
  { from: "/api/erp/schedules", to: "/api/v1/schedules", file: "erp/schedules/[id]/resume/route.ts", v1File: "v1/schedules/[id]/resume/route.ts" },
  { from: "/api/erp/queue/send", to: "/api/v1/order-queue/send", file: "erp/queue/send/route.ts", v1File: "v1/order-queue/send/route.ts" },
  { from: "/api/erp/queue", to: "/api/v1/order-queue", file: "erp/queue/route.ts", v1File: "v1/order-queue/route.ts" },
  { from: "/api/erp/hold", to: "/api/v1/transfer-hold", file: "erp/hold/route.ts", v1File: "v1/transfer-hold/route.ts", method: "PUT" },
];

function v1Targets(browser: Target[]): Target[] {
  return V1_TWINS.flatMap((twin) =>
    browser
      .filter((t) => t.file === twin.file && (twin.method ? t.method === twin.method : t.method !== "PUT"))
      .map((t) => ({
        ...t,
        file: twin.v1File,
        method: twin.v1Method ?? t.method,
        keyed: true,
        requests: t.requests.map((r) => ({
          ...r,
          method: twin.v1Method ?? r.method,
          path: r.path.startsWith(twin.from) ? twin.to + r.path.slice(twin.from.length) : r.path,
          headers: { ...r.headers, Authorization: `Bearer ${IN_PROCESS_API_KEY}` },
        })),
      })),
  );
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const KEY_FIELDS: Record<string, FieldRule> = {
  name: { valid: alnum(1, 20).map((s) => `Fuzz ${s}`), bad: badText(80, { spacesAllowed: true }), required: true },
  role: { valid: fc.constantFrom("viewer", "operator"), bad: fc.oneof(notOneOf(["viewer", "operator"], false), fc.constantFrom<unknown>(null, 1, ["viewer"], "admin", "Operator")), required: true },
  expiresOn: { valid: fc.constant(null).map(() => inDays(30)), bad: fc.oneof(badDate, fc.constantFrom<unknown>(null, 20270101, "2020-01-01"), fc.constant(null).map(() => inDays(0)), fc.constant(null).map(() => inDays(800))), required: true },
  allowedAddresses: {
    valid: fc.constantFrom<unknown>([], ["203.0.113.0/24"], ["2001:db8::1"]),
    bad: fc.oneof(
      fc.constantFrom<unknown>(null, "10.0.0.1", {}, [1], ["x"], ["10.0.0.0/33"], ["10.0.0.256"], ["example.com"], [""]),
      fc.constant(null).map(() => Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`)),
    ),
  },
};

TARGETS.push(
  ...v1Targets(TARGETS),
  { file: "keys/route.ts", method: "POST", requests: badBody(KEY_FIELDS).map((b) => withBody("POST", "/api/keys", b)) },
  { file: "keys/[id]/route.ts", method: "DELETE", requests: badUuidSegment.map((id) => ({ method: "DELETE", path: `/api/keys/${id}` })), alsoOk: redirected },
);

const keyed = (r: RawRequest): RawRequest => ({ ...r, headers: { ...r.headers, Authorization: `Bearer ${IN_PROCESS_API_KEY}` } });
const badInstant = fc.oneof(stringWhere((s) => !/^\d{4}-\d{2}-\d{2}T/.test(s)), fc.constantFrom<unknown>(null, 20261101, "2026-11-01", "2026-11-01T00:00", "2026-13-01T00:00:00Z", "2026-11-01T00:00:00"));
const RECONCILE_FIELDS: Record<string, FieldRule> = {
  from: { valid: fc.constant("2026-11-01T00:00:00Z"), bad: badInstant },
  to: { valid: fc.constant("2026-11-02T00:00:00+03:00"), bad: badInstant },
  orders: {
    valid: fc.uniqueArray(orderId, { minLength: 1, maxLength: 3 }).map((list) => list.map((id) => ({ id }))),
    bad: fc.constantFrom<unknown>(null, "3572000", [], ["3572000"], [{}], [{ id: 3572000 }], [{ id: "35720o0" }], [{ id: "1", orderDate: "yesterday" }], [{ id: "1", source: "" }], [{ id: "1", extra: 1 }]),
  },
};

TARGETS.push(
  { file: "v1/reconciliations/route.ts", method: "POST", keyed: true, requests: badBody(RECONCILE_FIELDS).map((b) => keyed(withBody("POST", "/api/v1/reconciliations", b))) },
  { file: "v1/reconciliations/[id]/route.ts", method: "GET", keyed: true, requests: badUuidSegment.map((id) => keyed({ method: "GET", path: `/api/v1/reconciliations/${id}` })), alsoOk: redirected },
  {
    file: "v1/reconciliations/[id]/orders/route.ts",
    method: "GET",
    keyed: true,
    requests: badQuery({ bucket: notOneOf(["inErp", "waiting", "open", "neverSeen", "unknownToPlatform"]), channel: stringWhere((s) => nonBlank(s) && readChannel(s) === null), page: badCoercedPage, limit: stringWhere((s) => nonBlank(s) && !["25", "50", "100", "500"].includes(s)) }).map((q) => keyed({ method: "GET", path: `/api/v1/reconciliations/${NO_RUN}/orders${q}` })),
  },
  { file: "v1/reconciliations/[id]/queue-never-seen/route.ts", method: "POST", keyed: true, requests: badUuidSegment.map((id) => keyed({ method: "POST", path: `/api/v1/reconciliations/${id}/queue-never-seen` })), alsoOk: redirected },
);

const BUCKET_NAMES = ["inErp", "waiting", "open", "neverSeen", "unknownToPlatform"];
const reconcileListQuery = badQuery({ page: stringWhere((s) => nonBlank(s) && !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 10_000)), limit: stringWhere((s) => nonBlank(s) && !["10", "25", "50"].includes(s)) });
const UPLOAD_FIELDS: Record<string, FieldRule> = {
  fileName: { valid: fc.constant("orders.csv"), bad: fc.constantFrom<unknown>(null, 1, "", "   ", "x".repeat(256)), required: true },
  content: { valid: fc.constant(Buffer.from("order_id\n3572228\n").toString("base64")), bad: fc.constantFrom<unknown>(null, 1, "not base64!", "%%%", ["x"]), required: true },
  start: { valid: fc.constant(false), bad: fc.constantFrom<unknown>(null, "true", 1, []) },
};

TARGETS.push(
  { file: "v1/reconciliations/route.ts", method: "GET", keyed: true, requests: reconcileListQuery.map((q) => keyed({ method: "GET", path: `/api/v1/reconciliations${q}` })) },
  { file: "erp/reconciliations/route.ts", method: "GET", requests: reconcileListQuery.map((q) => ({ method: "GET", path: `/api/erp/reconciliations${q}` })) },
  { file: "erp/reconciliations/route.ts", method: "POST", requests: badBody(RECONCILE_FIELDS).map((b) => withBody("POST", "/api/erp/reconciliations", b)) },
  { file: "erp/reconciliations/upload/route.ts", method: "POST", requests: badBody(UPLOAD_FIELDS).map((b) => withBody("POST", "/api/erp/reconciliations/upload", b)) },
  { file: "erp/reconciliations/[id]/route.ts", method: "GET", requests: badUuidSegment.map((id) => ({ method: "GET", path: `/api/erp/reconciliations/${id}` })), alsoOk: redirected },
  {
    file: "erp/reconciliations/[id]/orders/route.ts",
    method: "GET",
    requests: badQuery({ bucket: notOneOf(BUCKET_NAMES), page: badCoercedPage, limit: stringWhere((s) => nonBlank(s) && !["25", "50", "100", "500"].includes(s)) }).map((q) => ({ method: "GET", path: `/api/erp/reconciliations/${NO_RUN}/orders${q}` })),
  },
  {
    file: "erp/reconciliations/[id]/export/route.ts",
    method: "GET",
    requests: fc.oneof(
      badUuidSegment.map((id) => ({ method: "GET" as const, path: `/api/erp/reconciliations/${id}/export` })),
      badQuery({ bucket: notOneOf(BUCKET_NAMES), format: notOneOf(EXPORT_FORMATS) }).map((q) => ({ method: "GET" as const, path: `/api/erp/reconciliations/${NO_RUN}/export${q}` })),
    ),
    alsoOk: redirected,
  },
  { file: "erp/reconciliations/[id]/queue-never-seen/route.ts", method: "POST", requests: badUuidSegment.map((id) => ({ method: "POST", path: `/api/erp/reconciliations/${id}/queue-never-seen` })), alsoOk: redirected },
);

const RECOVERY_FIELDS: Record<string, FieldRule> = {
  from: { valid: fc.constant("2026-11-03T09:10:00+03:00"), bad: badInstant, required: true },
  to: { valid: fc.constant("2026-11-03T11:40:00+03:00"), bad: badInstant, required: true },
  name: { valid: fc.constant("ERP outage 3 Nov"), bad: fc.constantFrom<unknown>(null, 1, "", "   ", "x".repeat(121)), required: true },
  confirm: { valid: fc.constant(false), bad: fc.constantFrom<unknown>(null, "true", 1, []) },
  expectedCount: { valid: fc.constant(3), bad: fc.constantFrom<unknown>(null, 0, -1, 1.5, "3") },
  pacePerMinute: { valid: fc.constant(6), bad: fc.constantFrom<unknown>(null, 0, 601, 1.5, "6") },
  source: { valid: fc.constant("trendyol"), bad: fc.constantFrom<unknown>(null, 1, "", "x".repeat(41)) },
  reason: { valid: fc.constant("server_error:503"), bad: fc.constantFrom<unknown>(null, 1, "", "x".repeat(201)) },
};
const recoveryListQuery = badQuery({ page: stringWhere((s) => nonBlank(s) && !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 10_000)), limit: stringWhere((s) => nonBlank(s) && !["10", "25", "50"].includes(s)) });
TARGETS.push(
  { file: "v1/recoveries/route.ts", method: "POST", keyed: true, requests: badBody(RECOVERY_FIELDS).map((b) => keyed(withBody("POST", "/api/v1/recoveries", b))) },
  { file: "v1/recoveries/route.ts", method: "GET", keyed: true, requests: recoveryListQuery.map((q) => keyed({ method: "GET", path: `/api/v1/recoveries${q}` })) },
  { file: "erp/recoveries/route.ts", method: "POST", requests: badBody(RECOVERY_FIELDS).map((b) => withBody("POST", "/api/erp/recoveries", b)) },
  { file: "erp/recoveries/route.ts", method: "GET", requests: recoveryListQuery.map((q) => ({ method: "GET", path: `/api/erp/recoveries${q}` })) },
);

export const NOT_FUZZED = new Set(["GET erp/hold/route.ts", "GET v1/transfer-hold/route.ts", "GET v1/order-age/route.ts", "GET keys/route.ts", "GET home/handovers/route.ts", "GET erp/failures/count/route.ts", "GET v1/failures/count/route.ts", "GET health/route.ts", "GET ping/route.ts", "GET ping/session/route.ts", "GET alerts/freshness/route.ts", "GET alerts/arrivals/route.ts", "GET v1/openapi.json/route.ts"]);
