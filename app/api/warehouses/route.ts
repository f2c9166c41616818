import { createWarehouseEndpoint, listWarehousesEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveBrowser } from "@/lib/http/route";

export const GET = serveBrowser(listWarehousesEndpoint);
export const POST = serveBrowser(createWarehouseEndpoint);
