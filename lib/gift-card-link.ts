import { waitingCode } from "./waiting-code";

/**
 * A gift card's code carried from its page (/gift/<token>, "Use it") to the checkout's gift card
 * field, kept a day at most.
 */
const waiting = waitingCode("sf:gift-card-link", 24 * 60 * 60 * 1000);

export const rememberGiftCardLink = (code: string, now = Date.now()) => waiting.remember(code, now);
export const linkedGiftCard = (now = Date.now()) => waiting.read(now);
export const forgetGiftCardLink = () => waiting.forget();
