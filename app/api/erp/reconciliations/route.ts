import { route } from "@/lib/api/route";
import * as reconciliations from "@/lib/api/reconciliations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: reconciliations.listReconciliations, POST: reconciliations.startReconciliation });
