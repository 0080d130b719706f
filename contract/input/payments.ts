/**
 * Request bodies and queries of the online payment endpoints, shared by the platform and the
 * storefront's payment BFF: the common ones (contract/payment-start.ts) and each provider's from
 * its contract part, which the storefront's provider code imports from here.
 */
export { OnlineCheckoutInput, PayLaterSessionInput } from "../payment-start";
export * from "@/payment-providers/contract";
