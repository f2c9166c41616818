import { stubDoors } from "@/test/route-mocks";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawRequest } from "@/test/bad-input-arbitraries";
import { NOT_FUZZED, TARGETS } from "@/test/bad-input-targets";
import { allRouteMethods, startInProcessConsole, type Answer, type InProcessConsole } from "@/test/in-process-console";

// Bad input is refused without side effects (the route handlers split over test files, so both workers share them). For every route handler and method that takes input,
// 1,000 generated malformed requests (path ids, query strings, bodies, headers; see
// test/bad-input-arbitraries.ts) go through the real route module and wrapper, a real test
// store and the real emulator over HTTP, as a signed-in admin from the console's own origin (the
// session is the one stub). None may answer 5xx, none may be accepted (2xx), none may reach the
// upstream (the emulator's request log does not move during a handler's batch) and none may leave
// a trace (the audit trail, which records every write, does not grow). Reproduce with FC_SEED=<seed>.
// What only the built server can show (its body limit at the socket, its path normalisation and
// redirects) is in e2e/bad-input.spec.ts.

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 1000);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

/** The handlers whose index modulo `shards` is `shard`; the first part also checks that every handler has a generator. */
export function badInputSuite(shard: number, shards: number): void {
  const session = stubDoors({ member: null as null | { id: number; email: string; name: string; role: "admin" } });

  let app: InProcessConsole;

  beforeAll(async () => {
    app = await startInProcessConsole("bad-input");
    session.member = { id: app.adminId, email: "admin@demo.local", name: "Ada Admin", role: "admin" };
    console.log(`bad-input: ${RUNS} requests per route handler (part ${shard + 1} of ${shards}), seed ${SEED} (FC_SEED=${SEED} reproduces)`);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  });

  async function emulatorSeq(): Promise<number> {
    return (await app.emulator.control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  }

  async function auditTotal(): Promise<number> {
    const row = await app.store.db.selectFrom("audit_events").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const show = (r: RawRequest, a: Answer) =>
    `${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.headers ?? {}).slice(0, 200)} ${(r.body ?? "").slice(0, 200)} -> ${a.status} (${a.routedTo}) ${a.body.slice(0, 200)}`;

  if (shard === 0)
    it("every route handler and method has a bad-input generator, and every generator a handler", () => {
    const all = allRouteMethods();
    const fuzzed = new Set(TARGETS.map((t) => `${t.method} ${t.file}`));
    expect(all.filter((k) => !fuzzed.has(k) && !NOT_FUZZED.has(k))).toEqual([]);
    expect([...fuzzed, ...NOT_FUZZED].filter((k) => !all.includes(k))).toEqual([]);
  });

  describe.each(TARGETS.filter((_, i) => i % shards === shard).map((t) => [`${t.method} ${t.file}`, t] as const))("%s", (_name, target) => {
    it(`${RUNS} malformed requests are refused without reaching the upstream`, { timeout: 300_000 }, async () => {
      const requests = fc.sample(target.requests, { numRuns: RUNS, seed: SEED });
      expect(requests).toHaveLength(RUNS);
      const audit = await auditTotal();
      const before = await emulatorSeq();

      const answers: Answer[] = [];
      for (const r of requests) answers.push(await app.send(r));

      const reached = (await app.emulator.control<{ requests: { method: string; path: string; query: unknown; body: unknown }[] }>("GET", `/requests?since=${before}`)).requests;
      const wrong = answers.map((a, i) => ({ a, r: requests[i]! })).filter(({ a }) => !(a.status >= 400 && a.status < 500) && !target.alsoOk?.(a.status));
      const serverErrors = wrong.filter(({ a }) => a.status >= 500);
      const statuses = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
      const handled = answers.filter((a) => a.routedTo === target.file).length;
      console.log(`bad-input: ${target.method} ${target.file}: statuses ${JSON.stringify(statuses)}; ${handled} reached this handler`);

      expect(serverErrors.slice(0, 5).map(({ r, a }) => show(r, a)), `5xx (${serverErrors.length} of ${RUNS}, seed ${SEED})`).toEqual([]);
      expect(wrong.slice(0, 5).map(({ r, a }) => show(r, a)), `accepted (${wrong.length} of ${RUNS}, seed ${SEED})`).toEqual([]);
      expect(
        reached.slice(0, 5).map((q) => `${q.method} ${q.path} ${JSON.stringify(q.query)} ${JSON.stringify(q.body)?.slice(0, 200)}`),
        `reached the upstream (seed ${SEED}; statuses answered: ${JSON.stringify(statuses)})`,
      ).toEqual([]);
      // Problems are problem+json, whatever the input (the router's own 404/405/308 aside).
      const notProblem = answers.filter((a) => a.status >= 400 && a.status < 500 && a.routedTo === target.file && !a.contentType.includes("application/problem+json"));
      expect(notProblem.slice(0, 3).map((a) => `${a.status} ${a.contentType} ${a.body.slice(0, 100)}`)).toEqual([]);
      if (target.keyed) expect(answers.filter((a) => a.status === 401).map((a) => a.body.slice(0, 100)), "the key was refused, so no input was checked").toEqual([]);
      expect(await auditTotal(), "the audit trail grew: something was written").toBe(audit);
      // Most of the batch must reach the handler itself, not stop at the router.
      expect(handled, `only ${handled} of ${RUNS} requests reached ${target.file}`).toBeGreaterThan(RUNS / 2);
    });
  });
}
