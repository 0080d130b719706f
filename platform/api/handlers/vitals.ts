import { vitals } from "@/contract/endpoints/vitals";
import { env } from "@/server/env";
import { recordVitals } from "../../services/web-vitals";
import { handlers } from "../define";

export const vitalsHandlers = handlers(vitals, {
  record: async ({ db, tenant, clientIp, body }) => {
    await recordVitals(db, tenant.id, clientIp, body, { perMinute: env().VITALS_PER_IP });
    return null;
  },
});
