import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { holdAnswer, holdBodyDocument, holdBodySchema } from "@/lib/hold/schemas";
import { setTransferHold, transferHold } from "@/lib/hold/service";

const TAG = "Transfer hold";

// Whether automatic transfers wait, since when, until when, by whom and why.
export const getHold = endpoint({ permission: "read", v1: { method: "GET", path: "/transfer-hold", operationId: "getTransferHold", summary: "Whether transfers are on hold: scheduled sends and queue sends wait, a manual transfer needs overrideHold", tag: TAG }, answer: { 200: { description: "The hold as it is now", schema: holdAnswer } } }, async () => json(await transferHold()));

// Puts transfers on hold (a reason, optionally until a time at most HOLD_MAX_DAYS away) or lifts the hold; the same state again changes nothing.
export const putHold = endpoint({ permission: "erp.run", v1: { method: "PUT", path: "/transfer-hold", operationId: "setTransferHold", summary: "Put transfers on hold now or until a time, with a reason, or lift the hold", tag: TAG, describe: { body: holdBodyDocument } }, body: () => holdBodySchema(), answer: { 200: { description: "The hold as it is after the change", schema: holdAnswer } } }, async ({ body, actor, service }) =>
  json(await setTransferHold({ ...service, actor }, body)),
);
