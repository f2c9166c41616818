import { route } from "@/lib/api/route";
import * as activity from "@/lib/api/activity";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: activity.exportActivity });
