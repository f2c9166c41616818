import { readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import tls from "node:tls";
import ipaddr from "ipaddr.js";
import type { AuditEvent } from "@/lib/audit/tables";
import { checkTarget, pinnedLookup, type TargetPolicy } from "@/lib/alerts/targets";
import { streamLine, type PostResult, type StreamTarget } from "@/lib/audit-stream/deliver";
import { allowsTarget } from "@/lib/rules/target-allow-list";

// Audit rows as RFC 5424 messages, octet-counted (RFC 6587, RFC 5425): one connection per batch, delivered once the receiver has read it all.

export const SYSLOG_FACILITY = 13;
export const SYSLOG_APP_NAME = "labs-console";
export const SYSLOG_SD_ID = "labs@32473";
const NOTICE = 5;
const WARNING = 4;

export interface SyslogDestination {
  tls: boolean;
  host: string;
  port: number;
}

export interface SyslogOptions {
  targets: TargetPolicy;
  timeoutMs: number;
  caFile: string | null;
}

export function syslogDestination(raw: string): SyslogDestination {
  const url = new URL(raw);
  return { tls: url.protocol === "syslog+tls:", host: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port) };
}

const printable = (text: string, max: number): string => text.replace(/[^\x21-\x7e]/g, "_").slice(0, max) || "-";

export const sdValue = (value: string): string => value.replace(/["\\\]]/g, (c) => `\\${c}`);

/** One row as an RFC 5424 message; `line` is the row's stream line (already cleaned of secrets), the structured data is read from it. */
export function syslogMessage(row: AuditEvent, line: string, host = os.hostname(), procId = process.pid): string {
  const read = JSON.parse(line) as { id: number; outcome: string; actor: { id: number | null } | null; target: { type: string; id: string | null } | null; requestId: string | null };
  const params: [string, string | number | null | undefined][] = [
    ["id", read.id],
    ["outcome", read.outcome],
    ["actorId", read.actor?.id],
    ["targetType", read.target?.type],
    ["targetId", read.target?.id],
    ["requestId", read.requestId],
  ];
  const sd = params
    .filter((p): p is [string, string | number] => p[1] !== null && p[1] !== undefined)
    .map(([name, value]) => ` ${name}="${sdValue(String(value))}"`)
    .join("");
  const pri = SYSLOG_FACILITY * 8 + (row.outcome === "success" ? NOTICE : WARNING);
  return `<${pri}>1 ${row.at.toISOString()} ${printable(host, 255)} ${SYSLOG_APP_NAME} ${procId} ${printable(row.action, 32)} [${SYSLOG_SD_ID}${sd}] \uFEFF${line}`;
}

export const octetFrame = (message: string): string => `${Buffer.byteLength(message)} ${message}`;

class NoAnswer extends Error {
  override name = "TimeoutError";
}

/** Plain TCP carries the trail in clear: only to this machine or to a relay ALERT_ALLOWED_TARGETS names. */
function plainAllowed(host: string, port: number, addresses: readonly { address: string }[], targets: TargetPolicy): boolean {
  return addresses.every((a) => {
    const ip = ipaddr.process(a.address);
    return ip.range() === "loopback" || targets.allowed.some((entry) => allowsTarget(entry, host, ip, port));
  });
}

/** Writes the frames and closes; ok only when the receiver has closed its side too, having read up to the end. Never throws. */
export async function sendSyslog(dest: SyslogDestination, frames: string, options: SyslogOptions): Promise<PostResult> {
  try {
    const checked = await checkTarget(dest.host, dest.port, "http", options.targets, options.timeoutMs);
    if (!checked.ok) return { ok: false, status: null, text: `Not sent: ${checked.detail}` };
    if (!dest.tls && !plainAllowed(checked.target.host, dest.port, checked.target.addresses, options.targets)) {
      return { ok: false, status: null, text: "Not sent: syslog+tcp only to this machine or a relay ALERT_ALLOWED_TARGETS names; use syslog+tls." };
    }
    const ca = options.caFile === null ? undefined : await readFile(options.caFile);
    const connection = { host: checked.target.host, port: dest.port, lookup: pinnedLookup(checked.target.addresses) };
    await new Promise<void>((resolve, reject) => {
      const socket = dest.tls ? tls.connect({ ...connection, ca, rejectUnauthorized: true }) : net.connect(connection);
      let closedByReceiver = false;
      socket.setTimeout(options.timeoutMs, () => socket.destroy(new NoAnswer()));
      socket.on(dest.tls ? "secureConnect" : "connect", () => socket.end(frames));
      socket.on("data", () => undefined);
      socket.on("end", () => (closedByReceiver = true));
      socket.on("error", reject);
      socket.on("close", () => (closedByReceiver && socket.writableFinished ? resolve() : reject(new Error("the connection closed before the batch was read"))));
    });
    return { ok: true, status: null, text: "" };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const reason = e.name === "TimeoutError" ? `No answer within ${Math.round(options.timeoutMs / 1000)} s.` : `${e.code ?? e.name}: ${e.message}`;
    return { ok: false, status: null, text: reason };
  }
}

export function syslogSender(raw: string, options: SyslogOptions): StreamTarget["send"] {
  const dest = syslogDestination(raw);
  return (rows) => sendSyslog(dest, rows.map((row) => octetFrame(syslogMessage(row, streamLine(row)))).join(""), options);
}
