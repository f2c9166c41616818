import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { parseBody, parseParams, type RouteContext } from "@/lib/http/route";
import { issueValues } from "@/lib/i18n/validation";
import en from "@/lib/i18n/messages/en/schedules.json";
import { DomainError } from "@/lib/rules/problems";
import { scheduleBodySchema, scheduleIdParamSchema, type ScheduleBody } from "@/lib/schedules/schemas";
import type { ScheduleContext } from "@/lib/schedules/service";

// The schedule handlers' parsing: the form's schema, with its catalog keys answered in English (API callers read them).

function english(key: string, values: Record<string, string>): string {
  let node: unknown = en;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : key;
}

export async function parseScheduleBody(req: NextRequest): Promise<ScheduleBody> {
  const parsed = scheduleBodySchema.safeParse(await parseBody(req, z.unknown()));
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    (errors[field] ??= []).push(english(issue.message, issueValues(issue)));
  }
  const fields = Object.keys(errors).filter((k) => k !== "_");
  throw new DomainError("validation_failed", fields.length ? `Invalid body: check ${fields.join(", ")}.` : "Invalid body.", { errors });
}

export function scheduleId(params: unknown): string {
  return parseParams(params, scheduleIdParamSchema).id;
}

export function scheduleContext(ctx: RouteContext<unknown>): ScheduleContext {
  return { ...ctx.service, actor: { id: ctx.member.id, email: ctx.member.email, name: ctx.member.name } };
}
