import type { StoreRoutes } from "../endpoint";

/** Who is signed in, the scheduled refresh and logout: what every page may call. */
export const sessionRoutes = {
  get: { method: "GET", path: "session" },
  refresh: { method: "POST", path: "session/refresh" },
  logout: { method: "POST", path: "session/logout" },
} as const satisfies StoreRoutes;
