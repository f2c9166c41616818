import { orderHistoryEndpoint } from "@/lib/http/endpoints/transfers";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = serveBrowser(orderHistoryEndpoint);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
