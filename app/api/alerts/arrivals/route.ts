import { route } from "@/lib/api/route";
import * as alerts from "@/lib/api/alerts";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: alerts.arrivalRules, PUT: alerts.setArrivals });
