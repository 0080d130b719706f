import { z } from "zod";

/** GET tenants/resolve?host= — a host name (custom domain or `<slug>.<base domain>`). */
export const ResolveTenantQuery = z.object({ host: z.string().min(1).max(253) });
