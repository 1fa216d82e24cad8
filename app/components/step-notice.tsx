// What the buyer must look at before paying (the card's plans, a new total): the answer of a
// submit that charged nothing, so it takes the focus and is where the buyer goes on.
import { useEffect, useRef } from "react";

export function StepNotice({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/noAutofocus: the answer of a submit: where the buyer goes on.
    <div ref={ref} tabIndex={-1} autoFocus role="status" className="notice mb-4">
      {text}
    </div>
  );
}
