import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { orderAgeAnswer } from "@/lib/order-age/schemas";
import { orderAge as readOrderAge } from "@/lib/order-age/service";

// Per channel, the oldest order not yet in the ERP and the counts by age band against the deadline.
export const orderAge = endpoint({ permission: "read", v1: { method: "GET", path: "/order-age", operationId: "getOrderAge", summary: "The order-age clock: per channel, the oldest order not yet in the ERP (queued, in a run, or open in the failures inbox) and counts by age band against the deadline", tag: "Order queue" }, answer: { 200: { description: "The clock as it is now", schema: orderAgeAnswer } } }, async () => json(await readOrderAge()));
