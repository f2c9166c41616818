import { createWarehouseEndpoint, listWarehousesEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const GET = serveBrowser(listWarehousesEndpoint);
export const POST = serveBrowser(createWarehouseEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
