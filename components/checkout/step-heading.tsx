"use client";

import { useEffect, useRef, type ReactNode } from "react";

// Set by the checkout when it moves to another step; the next step's heading takes the focus.
let focusNext = false;

export function focusNextStepHeading() {
  focusNext = true;
}

/**
 * A checkout step's heading. After a step change it takes the focus (tabIndex -1), so that
 * keyboard and screen-reader users start reading the new step instead of losing their place.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusNext) return;
    focusNext = false;
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-lg font-semibold outline-none">
      {children}
    </h3>
  );
}
