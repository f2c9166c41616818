import { failuresCountEndpoint } from "@/lib/http/endpoints/erp";
import { serveApi } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveApi(failuresCountEndpoint);
