import { route } from "@/lib/api/route";
import * as home from "@/lib/api/home";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: home.homeTile });
