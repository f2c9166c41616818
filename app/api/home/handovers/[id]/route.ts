import { getHandoverEndpoint } from "@/lib/http/endpoints/handover";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(getHandoverEndpoint);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
