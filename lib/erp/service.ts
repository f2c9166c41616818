import "server-only";

export * from "@/lib/erp/transfers/service";
export * from "@/lib/erp/imports/service";
export * from "@/lib/erp/inbox/service";
export * from "@/lib/erp/history/service";
export { toRunSummary } from "@/lib/erp/transfers/store";
export { attentionRuns, inboxGroups, type NotInErpPlace } from "@/lib/erp/inbox/store";
export { latestImports } from "@/lib/erp/imports/store";
export { outcomeDays } from "@/lib/erp/outcomes/days-store";
export { transferredBefore } from "@/lib/erp/history/store";
export { handledBetween, orderPlaces, type OrderPlace } from "@/lib/erp/transfers/order-guard";
