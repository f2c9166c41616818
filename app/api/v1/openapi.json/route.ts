import { route } from "@/lib/api/route";
import * as openapi from "@/lib/api/openapi";

// Built at the first request, not at build time: the transfer body's order cap is read from the running configuration.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: openapi.openApi });
