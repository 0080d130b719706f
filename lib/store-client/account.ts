import type { account } from "@/contract/store/account";
import { accountRoutes } from "@/contract/store/routes/account";
import { apiClient } from "./client";
import { withLinks } from "./links";

/** The signed-in customer's profile, custom fields and uploads. */
export const accountApi = withLinks(apiClient<typeof account>(accountRoutes), accountRoutes, ["uploadFile"]);
