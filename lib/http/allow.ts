// The Allow list, free of server code so e2e specs check answers against it.

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** The Allow list of a route serving these methods, as Next writes it for OPTIONS: HEAD comes with GET, OPTIONS always. */
export function allowOf(served: readonly string[]): string {
  const methods = new Set([...served, "OPTIONS", ...(served.includes("GET") ? ["HEAD"] : [])]);
  return [...methods].sort().join(", ");
}
