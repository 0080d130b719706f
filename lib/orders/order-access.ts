import "server-only";
import { notFound } from "next/navigation";
import { OrderLinkKey } from "@/contract/input/ids";
import type { TenantDto } from "@/contract/dto/tenants";
import { loadForCustomer, type CustomerPage } from "@/lib/session/page-session";

/** How a page reads an order: with its customer's token, or through the order's link key. */
export type OrderLoaders<T> = { owner: (token: string) => Promise<T>; link: (key: string) => Promise<T> };

/**
 * An order page's data (the order page, its invoice): with `?key=` whoever holds the order's link
 * reads it, signed in or not (a malformed key is a 404 here, a wrong one the platform's 404);
 * otherwise the signed-in customer does, or the page shows its sign-in gate. `key` is the link key
 * the page was opened with, to keep in its own links.
 */
export async function loadOrderPage<T>(
  tenant: TenantDto,
  keyParam: string | string[] | undefined,
  load: OrderLoaders<T>,
): Promise<CustomerPage<{ value: T; key: string | null }>> {
  if (keyParam !== undefined) {
    const key = OrderLinkKey.safeParse(keyParam);
    if (!key.success) notFound();
    return { status: "ok", data: { value: await load.link(key.data), key: key.data } };
  }
  return loadForCustomer(tenant, async (token) => ({ value: await load.owner(token), key: null }));
}
