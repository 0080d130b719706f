"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "./button";

type Props = {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/**
 * A destructive action asked once more, in place (a saved location, saved details): the question
 * and two buttons, the safe one focused so that Enter keeps what is there. In place rather than a modal: the sheet it sits in stays as it was.
 */
export function ConfirmInline({ question, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: Props) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2 text-sm"
    >
      <p id={id} role="status" className="min-w-0 flex-1 font-medium text-foreground">
        {question}
      </p>
      <Button ref={keep} size="sm" variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button size="sm" variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
        {confirmLabel}
      </Button>
    </div>
  );
}
