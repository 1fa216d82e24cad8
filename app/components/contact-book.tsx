// What the phone and address pages share: the list of entries with their actions (edit, make
// default, delete), the delete confirmation, the default checkbox, and where the focus goes
// after a change. Without JavaScript every action is a link (edit, delete: a state of the
// page in its query) or a plain form; with it the confirmation is a real modal dialog.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { FieldErrors } from "~/components/field";
import { ModalDialog } from "~/components/modal-dialog";
import { useTranslation } from "~/lib/i18n";
import type { BookActionData } from "~/services/contact-book.server";

/** The account namespace's section of the page: "phones" or "addresses". */
export type BookName = "phones" | "addresses";

export type BookEntry = { id: number; isDefault: boolean; title: string; details?: string };

/**
 * After a change went through, the page comes back with its notice (a live region): the
 * focus goes there, so keyboard users continue from what happened, not from a button that
 * may be gone (a deleted entry's). A failed submit keeps the error summary's focus.
 */
function useFocusNoticeAfterChange() {
  const navigation = useNavigation();
  const location = useLocation();
  const submitted = useRef(false);
  if (navigation.state !== "idle" && navigation.formMethod === "POST") submitted.current = true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changed.
  useEffect(() => {
    if (!submitted.current || navigation.state !== "idle") return;
    submitted.current = false;
    if (document.querySelector("#main [data-error-summary]")) return;
    const notice = document.querySelector<HTMLElement>(".notice[role=status]");
    if (!notice) return;
    notice.tabIndex = -1;
    notice.focus();
  }, [location.key, navigation.state]);
}

function EntryList({
  book,
  path,
  entries,
}: {
  book: BookName;
  path: string;
  entries: readonly BookEntry[];
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="mb-4">{t(`account:${book}.none`)}</p>;
  return (
    <ul className="flex flex-col gap-3 mb-6" aria-label={t(`account:${book}.listTitle`)}>
      {entries.map((entry) => (
        <li key={entry.id} className="panel flex flex-wrap gap-3 items-center justify-between">
          <div>
            <p className="font-semibold">
              {entry.title}{" "}
              {entry.isDefault ? (
                <span className="state-badge state-badge-muted">
                  {t(`account:${book}.isDefault`)}
                </span>
              ) : null}
            </p>
            {entry.details ? <p className="text-sm text-stone-700">{entry.details}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2 items-center">
            <Link className="button-small" to={`${path}?edit=${entry.id}`}>
              {t(`account:${book}.edit`)}
              <span className="sr-only"> {entry.title}</span>
            </Link>
            {entry.isDefault ? null : (
              <Form method="post">
                <input type="hidden" name="id" value={entry.id} />
                <button type="submit" name="intent" value="makeDefault" className="button-small">
                  {t(`account:${book}.makeDefault`)}
                  <span className="sr-only"> {entry.title}</span>
                </button>
              </Form>
            )}
            <Link className="button-small" to={`${path}?delete=${entry.id}`}>
              {t(`account:${book}.delete`)}
              <span className="sr-only"> {entry.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Delete …?": a section of the page without JavaScript, a modal dialog with it. */
function DeleteDialog({ book, path, entry }: { book: BookName; path: string; entry: BookEntry }) {
  const { t } = useTranslation();
  return (
    <ModalDialog labelledBy="delete-title" describedBy="delete-text">
      <h2 id="delete-title">{t(`account:${book}.confirmTitle`)}</h2>
      <p id="delete-text">{t(`account:${book}.confirmText`, { entry: entry.title })}</p>
      <Form method="post" className="flex flex-wrap gap-3 mt-4">
        <input type="hidden" name="id" value={entry.id} />
        <button type="submit" name="intent" value="delete" className="button-primary">
          {t(`account:${book}.confirmDelete`)}
        </button>
        {/* Escape, like this link, keeps the entry. */}
        <Link to={path} className="button-secondary" data-dialog-default>
          {t(`account:${book}.cancel`)}
        </Link>
      </Form>
    </ModalDialog>
  );
}

/** Why making an entry the default or deleting it did not happen. */
function EntryFailure({ message }: { message: string | null }) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <ErrorSummary
      id="entry-failure"
      messages={[message || t("validation:invalid")]}
      attempt={message || "invalid"}
    />
  );
}

export function CheckboxField({
  meta,
  label,
}: {
  meta: FieldMetadata<boolean | undefined>;
  label: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className="field">
      <label className="flex gap-2 items-center">
        <input key={key} {...props} className="size-5" />
        {label}
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * A book's page: the list, the delete confirmation when the query names an entry, why the
 * last action on an entry failed, and the add/edit form (children).
 */
export function ContactBookPage({
  book,
  path,
  entries,
  deleting,
  actionData,
  returnTo = null,
  children,
}: {
  book: BookName;
  path: string;
  entries: readonly BookEntry[];
  deleting: BookEntry | null;
  actionData: BookActionData | undefined;
  /** The purchase the buyer came from to add an entry (home delivery's address). */
  returnTo?: string | null;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  useFocusNoticeAfterChange();
  return (
    <section className="max-w-2xl">
      <h1>{t(`account:${book}.title`)}</h1>
      {returnTo ? (
        <p>
          <Link to={returnTo}>{t("account:backToPurchase")}</Link>
        </p>
      ) : null}
      <EntryFailure message={actionData && "failure" in actionData ? actionData.failure : null} />
      <EntryList book={book} path={path} entries={entries} />
      {deleting ? <DeleteDialog book={book} path={path} entry={deleting} /> : null}
      {children}
    </section>
  );
}

/** The add/edit form's last answer from the server, for Conform. */
export const replyOf = (actionData: BookActionData | undefined) =>
  actionData && "reply" in actionData ? actionData.reply : undefined;

/**
 * A key for the add/edit form: a new form after every change of the list or of the entry
 * being edited, so a saved entry's values do not linger in it.
 */
export const bookFormKey = (editingId: number | undefined, entries: readonly unknown[]) =>
  `${editingId ?? "new"}:${JSON.stringify(entries)}`;

/** The form's heading id, its default checkbox (not for the default itself) and buttons. */
export function BookFormEnd({
  book,
  path,
  editing,
  defaultField,
}: {
  book: BookName;
  path: string;
  editing: { isDefault: boolean } | null;
  defaultField: FieldMetadata<boolean | undefined>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      {editing?.isDefault ? null : (
        <CheckboxField meta={defaultField} label={t(`account:${book}.useAsDefault`)} />
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value={editing ? "edit" : "add"}
          className="button-primary"
          disabled={busy}
        >
          {editing ? t(`account:${book}.save`) : t(`account:${book}.add`)}
        </button>
        {editing ? (
          <Link to={path} className="button-secondary">
            {t(`account:${book}.cancel`)}
          </Link>
        ) : null}
      </div>
    </>
  );
}
