import { route } from "@/lib/api/route";
import * as hold from "@/lib/api/hold";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: hold.getHold, PUT: hold.putHold });
