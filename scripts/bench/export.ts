import { readFileSync } from "node:fs";
import pg from "pg";
import { median, percentile, round } from "@/scripts/bench/stats";


export async function seedTrail(databaseUrl: string, events: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into audit_events (at, actor_id, actor_email, action, target_type, target_id, outcome, message, before_json, after_json, request_id, ip)
       select now() - (g || ' seconds')::interval, (select id from members where email = 'operator@demo.local'), 'operator@demo.local',
              'warehouse.update', 'warehouse', '3', 'success', 'seed ' || g, '{"name":"Ankara Depo"}', '{"name":"Ankara Depo ' || g || '"}',
              gen_random_uuid()::text, '127.0.0.1'
       from generate_series(1, $1::int) g`,
      [events],
    );
    await client.query("analyze audit_events");
  } finally {
    await client.end();
  }
}

export interface Download {
  status: number;
  contentType: string | null;
  body: Buffer;
  ms: number;
  firstByteMs: number;
}

export async function download(url: string, cookie: string): Promise<Download> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Cookie: cookie } });
  const parts: Buffer[] = [];
  let firstByteMs = Number.NaN;
  const reader = res.body!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (!parts.length) firstByteMs = performance.now() - t0;
    parts.push(Buffer.from(next.value));
  }
  return { status: res.status, contentType: res.headers.get("content-type"), body: Buffer.concat(parts), ms: performance.now() - t0, firstByteMs };
}

export function rssMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

export interface Watch {
  healthWorstMs: number;
  healthMedianMs: number;
  healthP95Ms: number;
  healthAnswers: number;
  rssPeakMiB: number | null;
}

export function watch(consoleUrl: string, pid: number | null, pauseMs = 25): { stop: () => Promise<Watch> } {
  let running = true;
  const out: Watch = { healthWorstMs: 0, healthMedianMs: 0, healthP95Ms: 0, healthAnswers: 0, rssPeakMiB: pid ? rssMiB(pid) : null };
  const times: number[] = [];
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${consoleUrl}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (pid) out.rssPeakMiB = Math.max(out.rssPeakMiB ?? 0, rssMiB(pid));
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      Object.assign(out, { healthWorstMs: round(Math.max(0, ...times), 1), healthMedianMs: round(median(times), 1), healthP95Ms: round(percentile(times, 95), 1), healthAnswers: times.length });
      return out;
    },
  };
}

export function lastSheetRow(sheetXml: string): { rows: number; last: string } {
  const rows = sheetXml.match(/<row /g)?.length ?? 0;
  const at = sheetXml.lastIndexOf("<row ");
  return { rows, last: at < 0 ? "" : sheetXml.slice(at, sheetXml.indexOf("</row>", at) + 6) };
}
