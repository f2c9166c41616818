import { route } from "@/lib/api/route";
import * as imports from "@/lib/api/imports";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: imports.retryFailures });
