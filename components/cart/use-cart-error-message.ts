"use client";

import { useFailureMessage } from "@/lib/use-failure-message";
import { CartApiError } from "./cart-api";

/** Turns a failed cart call into the shopper's language (see useFailureMessage). */
export const useCartErrorMessage = () => useFailureMessage(CartApiError);
