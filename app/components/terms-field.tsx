// The terms and conditions a buyer accepts before paying (§5), linked in a new tab so the
// form keeps what was typed.
import type { FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/field";
import { useTranslation } from "~/lib/i18n";

export function TermsField({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="flex gap-2 items-start font-normal">
        <input
          type="checkbox"
          name={meta.name}
          id={meta.id}
          defaultChecked={meta.initialValue === "on"}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? meta.errorId : undefined}
          className="mt-1"
        />
        <span>
          {t("checkout:acceptTermsBefore")}{" "}
          <a href="/termsAndConditions" target="_blank" rel="noreferrer">
            {t("checkout:acceptTermsLink")}
          </a>
        </span>
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
