import { getOpenExceptionCount } from "@/lib/erp/inbox-service";
import { json, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async () => json({ open: await getOpenExceptionCount() }));
