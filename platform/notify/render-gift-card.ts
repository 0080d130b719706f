import "server-only";
import type { Renderer } from "./kinds";

/** The gift card's arrival, sent to its recipient. */
export const renderGiftCard: Renderer<"gift_card_received"> = async () => {
  throw new Error("The gift card message has no renderer yet");
};
