
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export function allowOf(served: readonly string[]): string {
  const methods = new Set([...served, "OPTIONS", ...(served.includes("GET") ? ["HEAD"] : [])]);
  return [...methods].sort().join(", ");
}
