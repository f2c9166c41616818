import { route } from "@/lib/api/route";
import * as meta from "@/lib/api/meta";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: meta.metrics });
