import { route } from "@/lib/api/route";
import * as recoveries from "@/lib/api/recoveries";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: recoveries.listRecoveries, POST: recoveries.recoverWindow });
