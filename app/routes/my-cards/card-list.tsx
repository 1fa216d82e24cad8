// The buyer's saved cards and their Delete: with JavaScript, Delete opens a modal dialog that
// asks first; without, it posts "ask-delete" and the page comes back with the same question
// in the flow of the page (ModalDialog renders open). Only the forms carry the alias token.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ModalDialog } from "~/components/modal-dialog";
import { useTranslation } from "~/lib/i18n";
import { savedCardExpiry, savedCardLabel } from "~/lib/saved-card-label";
import type { SavedCard } from "~/services/saved-cards.server";

export function CardList({ cards, confirm }: { cards: SavedCard[]; confirm: SavedCard | null }) {
  const { t } = useTranslation();
  // With JavaScript the question is asked here, without a round trip.
  // Asked about one card of this list: a new list (a card deleted) means it was answered.
  const [asked, setAsked] = useState<{ card: SavedCard; of: SavedCard[] } | null>(null);
  const setAsking = (card: SavedCard | null) => setAsked(card ? { card, of: cards } : null);
  const shown = (asked?.of === cards ? asked.card : null) ?? confirm;
  if (cards.length === 0) return <p>{t("account:cards.empty")}</p>;
  return (
    <>
      <ul className="flex flex-col gap-3 mb-6" aria-label={t("account:cards.listLabel")}>
        {cards.map((card) => (
          <li
            key={card.aliasToken}
            className="bg-white border border-stone-200 rounded-xl p-4 flex flex-wrap gap-3 items-center justify-between"
          >
            <div>
              <p className="font-semibold">{savedCardLabel(t, card)}</p>
              <p className="text-sm text-stone-600">
                {savedCardExpiry(t, card)} · {t(`account:cards.kind.${card.kind}`)} ·{" "}
                <span className="font-mono">{card.maskedNumber}</span>
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="ask-delete" />
              <input type="hidden" name="card" value={card.aliasToken} />
              <button
                type="submit"
                className="button-secondary"
                aria-label={t("account:cards.deleteCard", { card: savedCardLabel(t, card) })}
                onClick={(event) => {
                  event.preventDefault();
                  setAsking(card);
                }}
              >
                {t("account:cards.delete")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {shown ? <DeleteCardDialog card={shown} onKeep={() => setAsking(null)} /> : null}
    </>
  );
}

function DeleteCardDialog({ card, onKeep }: { card: SavedCard; onKeep: () => void }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const label = savedCardLabel(t, card);
  return (
    <ModalDialog labelledBy="delete-card-title" describedBy="delete-card-text">
      <h2 id="delete-card-title">{t("account:cards.confirmTitle")}</h2>
      <p id="delete-card-text">{t("account:cards.confirmText", { card: label })}</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="card" value={card.aliasToken} />
          <button type="submit" className="button-primary" disabled={busy}>
            {t("account:cards.confirmDelete")}
          </button>
        </Form>
        <Link
          to="/myCards"
          className="button-secondary"
          data-dialog-default
          onClick={(event) => {
            event.preventDefault();
            onKeep();
          }}
        >
          {t("account:cards.keep")}
        </Link>
      </div>
    </ModalDialog>
  );
}
