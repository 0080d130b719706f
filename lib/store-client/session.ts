import type { session } from "@/contract/store/session";
import { sessionRoutes } from "@/contract/store/routes/session";
import { apiClient } from "./client";

/** Who is signed in, the scheduled refresh, logout. */
export const sessionApi = apiClient<typeof session>(sessionRoutes);
