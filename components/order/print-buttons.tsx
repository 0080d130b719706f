"use client";

import { useEffect } from "react";
import { Printer, ReceiptText } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Prints the page's document on A4 or on an 80 mm receipt roll: the receipt sets
 * `html[data-print="receipt"]` (the `receipt` page and variant in globals.css) until printing ends.
 */
export function PrintButtons({ a4, receipt }: { a4: string; receipt: string }) {
  useEffect(() => {
    const reset = () => delete document.documentElement.dataset.print;
    window.addEventListener("afterprint", reset);
    return () => window.removeEventListener("afterprint", reset);
  }, []);
  const print = (paper: "a4" | "receipt") => {
    document.documentElement.dataset.print = paper;
    window.print();
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="outline" size="sm" onClick={() => print("a4")}>
        <Printer aria-hidden="true" />
        {a4}
      </Button>
      <Button variant="outline" size="sm" onClick={() => print("receipt")}>
        <ReceiptText aria-hidden="true" />
        {receipt}
      </Button>
    </div>
  );
}
