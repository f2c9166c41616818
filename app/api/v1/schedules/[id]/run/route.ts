import { apiRoute } from "@/lib/api/route";
import * as schedules from "@/lib/api/schedules";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ POST: schedules.runSchedule });
