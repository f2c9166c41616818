import { apiRoute } from "@/lib/api/route";
import * as age from "@/lib/api/order-age";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ GET: age.orderAge });
