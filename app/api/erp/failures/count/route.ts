import { failuresCountEndpoint } from "@/lib/http/endpoints/erp";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(failuresCountEndpoint);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
