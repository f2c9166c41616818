import { transferredLookupBodySchema } from "@/lib/erp/history/schemas";
import { findTransferredBefore } from "@/lib/erp/history/service";
import { json, parseBody, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// POST /api/erp/orders/transferred: which of these ids a run already put in the ERP (a POST only because 10,000 ids outgrow a URL).
export const POST = withRoute("read", async ({ req }) => json(await findTransferredBefore((await parseBody(req, transferredLookupBodySchema)).orderIds)));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
