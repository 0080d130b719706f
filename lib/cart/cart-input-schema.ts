/**
 * The cart request bodies the BFF accepts are exactly the platform's: one definition, so that the
 * storefront never refuses what the platform would take (or the reverse). The module is plain zod
 * and runs no platform code, which keeps the storefront usable against an external platform.
 */
export { AddCartItemInput as addCartItemSchema, UpdateCartItemInput as updateCartItemSchema } from "@/platform/services/cart-input";
