// The order history's limits and address without its schemas, so pages that show them load no zod.
export const ORDER_HISTORY_MAX_RUNS = 200;
export const ORDER_LOOKUP_MAX_IDS = 10_000;
export const ORDERS_TRANSFERRED_API = "/api/erp/orders/transferred";
