import { listImportsEndpoint, startImportEndpoint } from "@/lib/http/endpoints/erp";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(listImportsEndpoint);
export const POST = serveBrowser(startImportEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
