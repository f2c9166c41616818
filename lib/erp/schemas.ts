export * from "@/lib/erp/transfers/schemas";
export * from "@/lib/erp/imports/schemas";
export * from "@/lib/erp/inbox/schemas";
export * from "@/lib/erp/history/schemas";
