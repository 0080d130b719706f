"use client";

import { ArrowLeft, ArrowRight } from "lucide-react";
import { SheetFooter } from "@/components/cart/sheet-layout";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Arrows that point the way the page reads: forward is left in Arabic, right in English. */
export const ForwardArrow = () => <ArrowLeft aria-hidden="true" className="ltr:rotate-180" />;
export const BackArrow = () => <ArrowRight aria-hidden="true" className="ltr:rotate-180" />;

/** A step's footer: Back (to the previous step) and the step's forward action. */
export function StepNav({
  backLabel,
  onBack,
  forwardLabel,
  forward,
}: {
  backLabel: string;
  onBack: () => void;
  forwardLabel: string;
  forward: ButtonProps;
}) {
  return (
    <SheetFooter>
      <div className="flex gap-2">
        <Button variant="outline" size="lg" onClick={onBack}>
          <BackArrow />
          {backLabel}
        </Button>
        <Button size="lg" className="flex-1" {...forward}>
          {forwardLabel}
          <ForwardArrow />
        </Button>
      </div>
    </SheetFooter>
  );
}
