import { route } from "@/lib/api/route";
import * as transfers from "@/lib/api/transfers";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: transfers.listTransfers, POST: transfers.startTransfer });
