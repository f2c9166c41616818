import { failuresCountEndpoint } from "@/lib/http/endpoints/erp";
import { serveBrowser } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(failuresCountEndpoint);
