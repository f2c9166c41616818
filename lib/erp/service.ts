import "server-only";

export * from "@/lib/erp/transfers/service";
export * from "@/lib/erp/imports/service";
export * from "@/lib/erp/inbox/service";
export * from "@/lib/erp/history/service";
