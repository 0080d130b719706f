"use client";

import type { ComponentType } from "react";
import type { CartDto } from "@/lib/platform-client/types";
import { SummaryStepBody, SummaryStepFooter } from "./cart-summary-step";

/** What every step's body and footer get: the cart and the sheet's navigation. */
export type CartStepProps = {
  cart: CartDto;
  close: () => void;
  next: () => void;
  back: () => void;
  /** Only the summary is reachable this way (see canJumpToStep). */
  goToSummary: () => void;
};

export type CartStep = {
  id: string;
  /** A key of the `cart` namespace naming the step in the progress header. */
  labelKey: "steps.summary";
  Body: ComponentType<CartStepProps>;
  Footer: ComponentType<CartStepProps>;
};

/** The sheet's steps in order. The checkout adds its own after the summary. */
export const CART_STEPS: readonly CartStep[] = [{ id: "summary", labelKey: "steps.summary", Body: SummaryStepBody, Footer: SummaryStepFooter }];
