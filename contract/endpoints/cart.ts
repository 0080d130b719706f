import { z } from "zod";
import { CartDto } from "../dto/cart";
import { endpoint } from "../endpoint";
import { AddCartItemInput, UpdateCartItemInput } from "../input/cart";
import { CartItemParams, IdParams } from "../input/ids";

// Every mutation answers with the whole cart, totals recomputed by the platform, so no caller ever
// computes money itself. A customer's cart answers only to that customer's token (another caller ⇒ 404).

const ITEM_RULES = [
  "SP:SlotIsNotAvailable",
  "SP:MinimumDaysRequirementNotMet",
  "SP:MaximumDaysExceeded",
  "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
  "SP:MerchandiseItemInsufficientStock",
  "SP:InvalidMobileNumber",
  "SP:GiftSendTimeInvalid",
  "SP:CartAlreadyCompleted",
  "SP:EntityNotFound",
] as const;

export const cart = {
  create: endpoint({
    method: "POST",
    path: "cart",
    auth: "cart",
    summary: "A new, empty cart",
    response: CartDto,
    codes: [],
  }),
  get: endpoint({
    method: "GET",
    path: "cart/:id",
    auth: "cart",
    summary: "The cart with its items and totals",
    params: IdParams,
    response: CartDto,
    codes: ["SP:EntityNotFound"],
  }),
  addItem: endpoint({
    method: "POST",
    path: "cart/:id/items",
    auth: "cart",
    summary: "Adds an item (merchandise of the same product and price merges into its line)",
    params: IdParams,
    body: AddCartItemInput,
    response: CartDto,
    codes: ITEM_RULES,
  }),
  updateItem: endpoint({
    method: "PUT",
    path: "cart/:id/items/:itemId",
    auth: "cart",
    summary: "Changes an item's quantity and, optionally, its price",
    params: CartItemParams,
    body: UpdateCartItemInput,
    response: CartDto,
    codes: ITEM_RULES,
  }),
  removeItem: endpoint({
    method: "DELETE",
    path: "cart/:id/items/:itemId",
    auth: "cart",
    summary: "Removes an item",
    params: CartItemParams,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  reset: endpoint({
    method: "POST",
    path: "cart/:id/reset",
    auth: "cart",
    summary: "Empties the cart (items, coupon); its id stays valid",
    params: IdParams,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  purchaseEvent: endpoint({
    method: "POST",
    path: "cart/:id/purchase-event",
    auth: "cart",
    summary:
      "Claims the completed order's purchase event for the pixels: first is true once per order, whichever browser asks",
    params: IdParams,
    response: z.object({ first: z.boolean() }),
    codes: ["SP:EntityNotFound"],
  }),
  assign: endpoint({
    method: "POST",
    path: "cart/:id/assign",
    auth: "customer",
    summary: "Makes a guest cart the signed-in customer's (or answers their active cart when this one is empty)",
    params: IdParams,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  release: endpoint({
    method: "POST",
    path: "cart/:id/release",
    auth: "customer",
    summary:
      "The owner makes their open cart a guest cart again, for the number they sign in with next to take (assign)",
    params: IdParams,
    response: CartDto,
    codes: ["SP:EntityNotFound"],
  }),
};
