import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { beginImport, finishImport, latestImports, listImports, toImportRow } from "@/lib/erp/import-store";
import { listImportsQuerySchema, startImportBodySchema } from "@/lib/erp/schemas";
import { HttpProblem, json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { isUpstreamError, upstream } from "@/lib/upstream";

export const dynamic = "force-dynamic";

// GET /api/erp/imports: one page of import attempts (optionally of one kind), newest first, with
// the latest attempt of each kind and the repeat window.
export const GET = withRoute("read", async ({ req }) => {
  const q = parseQuery(req, listImportsQuerySchema);
  const conn = await db();
  const [{ items, total }, latest] = await Promise.all([listImports(conn, q), latestImports(conn)]);
  return json({ items, total, page: q.page, limit: q.limit, latest, windowMinutes: getConfig().erp.importRepeatWindowMinutes });
});

// POST /api/erp/imports: starts an import. 409 (code conflict, lastRun: who and when) when the
// same import was started within the window and confirmRepeat is not true. Every attempt that
// reaches the upstream is recorded and audited; a failure answers its problem (502/503/504/422).
export const POST = withRoute("erp.run", async ({ req, member, audit }) => {
  const body = await parseBody(req, startImportBodySchema);
  const windowMinutes = getConfig().erp.importRepeatWindowMinutes;
  const conn = await db();
  const begun = await beginImport(conn, {
    kind: body.kind,
    actor: { id: member.id, email: member.email, name: member.name },
    confirmRepeat: body.confirmRepeat === true,
    windowMinutes,
  });
  if (!begun.ok) {
    const last = begun.last;
    throw new HttpProblem("conflict", `The ${body.kind} import was already started by ${last.started_by_email} at ${last.started_at}. Send confirmRepeat: true to start it again.`, {
      reason: "import_recently_started",
      lastRun: { by: last.started_by_email, byName: last.started_by_name, at: last.started_at, outcome: last.outcome },
      windowMinutes,
    });
  }
  const target = { type: "erp_import", id: body.kind };
  try {
    const { message } = await upstream().startImport(body.kind);
    const run = await finishImport(conn, begun.run.id, { outcome: "started", message });
    await audit({
      action: "erp.import",
      target,
      outcome: "success",
      message,
      details: { importRunId: run.id, kind: body.kind, repeatConfirmed: run.repeat_confirmed === 1 },
    });
    return json({ run: toImportRow(run) }, { status: 201 });
  } catch (error) {
    const upstreamError = isUpstreamError(error) ? error : null;
    const errorCode = upstreamError ? (upstreamError.kind === "http" ? `http_${upstreamError.status ?? 0}` : upstreamError.kind) : "console_error";
    // A 5xx body is never passed on (architecture.md); a 4xx message is the upstream's own words.
    const upstreamMessage = upstreamError && upstreamError.kind === "http" && (upstreamError.status ?? 500) < 500 ? (upstreamError.upstreamMessage ?? null) : null;
    const detail = !upstreamError
      ? "The console failed to start the import."
      : upstreamError.kind === "http" && (upstreamError.status ?? 500) >= 500
        ? `${upstreamError.operation}: HTTP ${upstreamError.status ?? 500}`
        : upstreamError.message;
    const mayHaveActed = upstreamError ? upstreamError.mayHaveActed : true;
    const run = await finishImport(conn, begun.run.id, { outcome: "failed", message: upstreamMessage, errorCode, errorDetail: detail, mayHaveActed });
    await audit({
      action: "erp.import",
      target,
      outcome: "failure",
      message: upstreamMessage ?? detail,
      details: { importRunId: run.id, kind: body.kind, errorCode, mayHaveActed, repeatConfirmed: run.repeat_confirmed === 1 },
    });
    throw error;
  }
});
