import "server-only";
import { z } from "zod";
import type { Endpoint, V1 } from "@/lib/api/endpoint";
import * as hold from "@/lib/api/hold";
import * as imports from "@/lib/api/imports";
import * as orderAge from "@/lib/api/order-age";
import * as queue from "@/lib/api/queue";
import * as reconciliations from "@/lib/api/reconciliations";
import * as recoveries from "@/lib/api/recoveries";
import * as schedules from "@/lib/api/schedules";
import * as transfers from "@/lib/api/transfers";
import * as warehouses from "@/lib/api/warehouses";

type Described = Endpoint & { declaration: { v1: V1 } };

const described = (resource: object): Described[] =>
  Object.values(resource)
    .filter((e): e is Described => Boolean((e as Partial<Endpoint>)?.declaration?.v1))
    .sort((a, b) => a.sequence - b.sequence);

export const V1_OPERATIONS: readonly { v1: V1; serves: Endpoint | null }[] = [
  ...[warehouses, transfers, imports, queue, schedules, hold, reconciliations, orderAge, recoveries].flatMap(described).map((serves) => ({ v1: serves.declaration.v1, serves })),
  {
    v1: {
      method: "GET",
      path: "/openapi.json",
      operationId: "getOpenApi",
      summary: "This description (no key needed)",
      tag: "Meta",
      describe: { answers: { 200: { description: "The OpenAPI 3.1 description of /api/v1", schema: z.looseObject({ openapi: z.string() }) } } },
    },
    serves: null,
  },
];
