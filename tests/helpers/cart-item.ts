import type { CartItemDto } from "@/contract/dto/cart";

/** A cart line as the platform answers it: a one-hour Swedish massage, changed by `over`. */
export function cartItemFixture(
  over: Partial<Omit<CartItemDto, "product">> & { product?: Partial<CartItemDto["product"]> } = {},
): CartItemDto {
  const { product, ...rest } = over;
  return {
    id: "i1",
    type: 0,
    amount: 100,
    taxAmount: 15,
    amountWithTax: 115,
    quantity: 1,
    effectiveQuantity: 1,
    product: {
      id: "p1",
      name: "Massage",
      typeString: "reservation",
      images: [],
      hasPackage: false,
      isFullDayBooking: false,
      isVariableDuration: false,
      ...product,
    },
    price: { id: "pr1", name: "Standard", amount: 100 },
    giftDetails: null,
    reservationDateFrom: null,
    reservationDateTo: null,
    subscriptionStartDate: null,
    packageCovered: false,
    available: null,
    cancelledAt: null,
    refundedAmount: 0,
    specialist: null,
    branch: null,
    anySpecialist: false,
    ...rest,
  };
}
