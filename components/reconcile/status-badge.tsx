"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ReconciliationSummary } from "@/lib/reconcile/schemas";

const TONE = { running: "info", done: "success", failed: "danger" } as const;

export function ReconcileStatusBadge({ status }: { status: ReconciliationSummary["status"] }) {
  const t = useTranslations("reconcile.status");
  return <Badge tone={TONE[status]} testId="reconcile-status">{t(status)}</Badge>;
}
