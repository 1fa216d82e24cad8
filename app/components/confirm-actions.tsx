// The two answers of a confirmation dialog that changes something for good (release a
// booking, cancel a sale): a button that posts it once, and a link that keeps things as they
// are, which the dialog focuses first and Escape follows (data-dialog-default).
import { Form, Link, useNavigation } from "react-router";

export function ConfirmActions({
  action,
  field,
  intent,
  confirm,
  busy: busyText,
  keepTo,
  keep,
}: {
  /** Where the form posts; the current page when not given. */
  action?: string;
  /** What it acts on, as a hidden field. */
  field: { name: string; value: number };
  intent: string;
  confirm: string;
  /** The button's words while it is being sent. */
  busy: string;
  keepTo: string;
  keep: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} className="flex flex-wrap gap-3 mt-4">
      <input type="hidden" name={field.name} value={field.value} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button-primary"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          // One submission per click: a second press while it is sent does nothing.
          if (busy) event.preventDefault();
        }}
      >
        {busy ? busyText : confirm}
      </button>
      <Link to={keepTo} className="button-secondary" data-dialog-default>
        {keep}
      </Link>
    </Form>
  );
}
