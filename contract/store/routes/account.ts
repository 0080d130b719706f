import type { StoreRoutes } from "../endpoint";

/** The signed-in customer's own record: profile, custom fields and their uploads. */
export const accountRoutes = {
  updateProfile: { method: "PUT", path: "session/profile" },
  updateCustomFields: { method: "PUT", path: "session/custom-fields" },
  updateReminders: { method: "PUT", path: "session/reminders" },
  upload: { method: "POST", path: "session/uploads" },
  uploadFile: { method: "GET", path: "session/uploads/:name" },
} as const satisfies StoreRoutes;
