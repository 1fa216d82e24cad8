// The actions of the phone and address pages, which work alike: one form adds or edits an
// entry (intent add | edit), and each entry of the list can be made the default or deleted
// (intent makeDefault | delete). Success is said once by a notice on the list it returns to
// (post → redirect → get, so a reload sends nothing twice); a refusal keeps what was typed.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type CustomerInfo, endpoints, idParam } from "@contract";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { purchaseReturnPath } from "~/lib/purchase-return";
import {
  type CommerceClient,
  type CommerceResult,
  orThrow,
  tooManyAttempts,
  unavailableNow,
} from "./commerce.server";
import { getT } from "./i18n.server";
import { requireUser } from "./request-context.server";
import { seoFor } from "./seo.server";

export const bookIntents = ["add", "edit", "makeDefault", "delete"] as const;
export type BookIntent = (typeof bookIntents)[number];

/** Why the page is answered again instead of redirected: the form's errors or an entry's. */
export type BookActionData =
  | { intent: "add" | "edit"; reply: SubmissionResult<string[]> }
  | { intent: "makeDefault" | "delete"; failure: string };

export type ContactBook<S extends z.ZodType> = {
  /** The page's path, where every success returns. */
  path: string;
  /** i18n keys of the notices, by intent. */
  notices: Record<BookIntent, string>;
  /** The add/edit form; its entry id field (when present) makes it an edit. */
  form: S;
  idField: string;
  insert: (commerce: CommerceClient, body: z.output<S>) => Promise<CommerceResult<unknown>>;
  update: (
    commerce: CommerceClient,
    id: number,
    body: Record<string, unknown>,
  ) => Promise<CommerceResult<unknown>>;
  remove: (commerce: CommerceClient, id: number) => Promise<CommerceResult<unknown>>;
};

type Args = Parameters<typeof requireUser>[0];

function statusOf(result: Extract<CommerceResult<unknown>, { ok: false }>) {
  if (unavailableNow(result)) return 503;
  if (result.code === "NOT_FOUND") return 404;
  return result.nCode >= 400 && result.nCode < 500 ? result.nCode : 400;
}

export async function contactBookAction<S extends z.ZodType>(args: Args, book: ContactBook<S>) {
  const { commerce, session } = requireUser(args);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  // An address added from a purchase takes the buyer back to it (home delivery).
  const back = purchaseReturnPath(formData.get("volver"));
  const succeeded = (done: BookIntent) => {
    session.flash("notice", book.notices[done]);
    return redirect(done === "add" && back ? back : book.path);
  };

  if (intent === "add" || intent === "edit") {
    const submission = parseWithZod(formData, { schema: book.form });
    if (submission.status !== "success") {
      return data({ intent, reply: submission.reply() } satisfies BookActionData, {
        status: 400,
      });
    }
    const { [book.idField]: id, ...body } = submission.value as Record<string, unknown>;
    // An edit names its entry; without one it would silently become an addition.
    if (intent === "edit" && typeof id !== "number") {
      const invalid = getT(args.context)("validation:invalid");
      return data(
        { intent, reply: submission.reply({ formErrors: [invalid] }) } satisfies BookActionData,
        { status: 400 },
      );
    }
    const result =
      intent === "edit" && typeof id === "number"
        ? await book.update(commerce, id, body)
        : await book.insert(commerce, body as z.output<S>);
    if (result.ok) return succeeded(intent);
    return data(
      {
        intent,
        reply: submission.reply({
          fieldErrors: result.fieldErrors ?? {},
          formErrors: [result.message],
        }),
      } satisfies BookActionData,
      tooManyAttempts(result) ?? { status: statusOf(result) },
    );
  }

  if (intent === "makeDefault" || intent === "delete") {
    const id = idParam.safeParse(formData.get("id"));
    if (!id.success) {
      return data({ intent, failure: "" } satisfies BookActionData, { status: 400 });
    }
    const result =
      intent === "delete"
        ? await book.remove(commerce, id.data)
        : await book.update(commerce, id.data, { lPredeterminado: true });
    if (result.ok) return succeeded(intent);
    return data({ intent, failure: result.message } satisfies BookActionData, {
      status: statusOf(result),
    });
  }
  return data({ intent: "delete", failure: "" } satisfies BookActionData, { status: 400 });
}

/** The entry a `?edit=` or `?delete=` parameter names, if it is one of the list's. */
function entryNamedBy<E>(
  request: Request,
  parameter: "edit" | "delete",
  entries: readonly E[],
  idOf: (entry: E) => number,
): E | null {
  const id = idParam.safeParse(new URL(request.url).searchParams.get(parameter));
  return id.success ? (entries.find((entry) => idOf(entry) === id.data) ?? null) : null;
}

/**
 * The loader of a book's page: its entries (from Cliente/Informacion), the one to edit or
 * to delete when the query names one of them, and the page's SEO.
 */
export async function loadContactBook<E>(
  args: Args,
  book: "phones" | "addresses",
  entriesOf: (info: CustomerInfo) => E[],
  idOf: (entry: E) => number,
) {
  const { commerce } = requireUser(args);
  const entries = entriesOf(orThrow(await commerce.call(endpoints.customerInfo)));
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t(`account:${book}.title`),
    description: t(`account:${book}.metaDescription`),
    noindex: true,
  });
  return {
    entries,
    returnTo: purchaseReturnPath(new URL(args.request.url).searchParams.get("volver")),
    editing: entryNamedBy(args.request, "edit", entries, idOf),
    deleting: entryNamedBy(args.request, "delete", entries, idOf),
    seo,
  };
}
