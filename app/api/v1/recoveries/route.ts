import { apiRoute } from "@/lib/api/route";
import * as recoveries from "@/lib/api/recoveries";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ GET: recoveries.listRecoveries, POST: recoveries.recoverWindow });
