import { sendJson } from "@/lib/swr/fetcher";
import { RECOVERIES_API } from "@/lib/erp/recoveries/constants";
import type { RecoveryPreview, RecoveryStarted } from "@/lib/erp/recoveries/schemas";

export interface RecoveryRequest {
  from: string;
  to: string;
  name: string;
  source?: string;
  reason?: string;
}

export function previewRecoveryRequest(body: RecoveryRequest): Promise<RecoveryPreview> {
  return sendJson(RECOVERIES_API, "POST", { ...body, confirm: false });
}

export function startRecoveryRequest(body: RecoveryRequest, expectedCount: number, idempotencyKey: string): Promise<RecoveryStarted> {
  return sendJson(RECOVERIES_API, "POST", { ...body, confirm: true, expectedCount }, { "Idempotency-Key": idempotencyKey });
}
