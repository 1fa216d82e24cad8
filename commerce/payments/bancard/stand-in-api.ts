// The stand-in's vPOS API: single_buy, confirmations, rollback, preauthorization confirm,
// cards/new, users/{id}/cards (list and delete) and charge, each checking the public key and
// the md5 token as Bancard does and answering Bancard's error shapes.
import { type Context, Hono } from "hono";
import {
  BANCARD_APPROVED,
  bancardAmountPattern,
  bancardPaths,
  bancardTokens,
  sameToken,
} from "./protocol.ts";
import { newId, type Operation, type Process, type StandInState, text } from "./stand-in-state.ts";

export function vposApi(state: StandInState) {
  const { publicKey, privateKey } = state.options;
  const { processes, byShopId, registrations, cards, confirmationOf } = state;
  const app = new Hono();

  const fail = (c: Context, status: 400 | 401 | 404, key: string, dsc: string) =>
    c.json({ status: "error", messages: [{ key, level: "error", dsc }] }, status);

  /** The operation of a signed call when its public key is the shop's, else Bancard's error. */
  async function operationOf(c: Context): Promise<Operation | Response> {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.operation !== "object" || body.operation === null) {
      return fail(c, 400, "InvalidJsonError", "El JSON de la solicitud no es válido.");
    }
    if (body.public_key !== publicKey) {
      return fail(c, 401, "InvalidPublicKeyError", "La clave pública no es válida.");
    }
    return body.operation as Operation;
  }
  const badToken = (c: Context) => fail(c, 401, "InvalidTokenError", "El token no es válido.");
  const signed = (op: Operation, expected: string) => sameToken(expected, text(op.token, 64));

  app.post(bancardPaths.singleBuy, async (c) => {
    const op = await operationOf(c);
    if (op instanceof Response) return op;
    const shopProcessId = text(op.shop_process_id, 64);
    const amount = text(op.amount, 20);
    const currency = text(op.currency, 3);
    const returnUrl = text(op.return_url);
    if (
      !/^[0-9]{1,15}$/.test(shopProcessId) ||
      !bancardAmountPattern.test(amount) ||
      !URL.canParse(returnUrl)
    ) {
      return fail(c, 400, "InvalidOperationError", "Los datos de la operación no son válidos.");
    }
    if (!signed(op, bancardTokens.singleBuy(privateKey, shopProcessId, amount, currency)))
      return badToken(c);
    if (byShopId.has(shopProcessId)) {
      return fail(c, 400, "InvalidOperationError", "Shop process has already been taken.");
    }
    const cancelUrl = URL.canParse(text(op.cancel_url)) ? text(op.cancel_url) : returnUrl;
    const p: Process = {
      processId: newId(),
      shopProcessId,
      amount,
      currency,
      description: text(op.description, 100),
      returnUrl,
      cancelUrl,
      preauthorization: op.preauthorization === "S",
      state: "open",
      confirmation: null,
      after: null,
    };
    processes.set(p.processId, p);
    byShopId.set(shopProcessId, p);
    return c.json({ status: "success", process_id: p.processId });
  });

  /** get_confirmation, rollback and preauthorization confirm: signed by the shop_process_id. */
  function byShopProcess(
    path: string,
    token: (id: string) => string,
    answer: (c: Context, p: Process | undefined) => Response,
  ) {
    app.post(path, async (c) => {
      const op = await operationOf(c);
      if (op instanceof Response) return op;
      const shopProcessId = text(op.shop_process_id, 64);
      if (!signed(op, token(shopProcessId))) return badToken(c);
      return answer(c, byShopId.get(shopProcessId));
    });
  }
  const notPaid = (c: Context) =>
    fail(c, 404, "PaymentNotFoundError", "No se encontró un pago para el proceso.");

  byShopProcess(
    bancardPaths.confirmations,
    (id) => bancardTokens.getConfirmation(privateKey, id),
    (c, p) => {
      if (p?.state === "rolled_back")
        return fail(c, 400, "AlreadyRollbackedError", "El pago ya fue revertido.");
      if (p?.state !== "decided" || !p.confirmation) return notPaid(c);
      return c.json({ status: "success", confirmation: p.confirmation });
    },
  );

  byShopProcess(
    bancardPaths.rollback,
    (id) => bancardTokens.rollback(privateKey, id),
    (c, p) => {
      if (!p) return fail(c, 404, "BuyNotFoundError", "No se encontró el proceso.");
      if (p.state === "rolled_back")
        return fail(c, 400, "AlreadyRollbackedError", "El pago ya fue revertido.");
      p.state = "rolled_back";
      return c.json({
        status: "success",
        messages: [{ key: "RollbackSuccessful", level: "info", dsc: "Reversión exitosa." }],
      });
    },
  );

  byShopProcess(
    bancardPaths.preauthorizationConfirm,
    (id) => bancardTokens.preauthorizationConfirm(privateKey, id),
    (c, p) => {
      if (!p?.preauthorization || p.state !== "decided" || !p.confirmation) return notPaid(c);
      return c.json({ status: "success", confirmation: p.confirmation });
    },
  );

  app.post(bancardPaths.newCard, async (c) => {
    const op = await operationOf(c);
    if (op instanceof Response) return op;
    const cardId = text(op.card_id, 20);
    const userId = text(op.user_id, 20);
    const returnUrl = text(op.return_url);
    if (!cardId || !userId || !URL.canParse(returnUrl)) {
      return fail(c, 400, "InvalidOperationError", "Los datos de la operación no son válidos.");
    }
    if (!signed(op, bancardTokens.newCard(privateKey, cardId, userId))) return badToken(c);
    const processId = newId();
    registrations.set(processId, { cardId, userId, returnUrl });
    return c.json({ status: "success", process_id: processId });
  });

  app.post(bancardPaths.userCards(":userId"), async (c) => {
    const op = await operationOf(c);
    if (op instanceof Response) return op;
    const userId = c.req.param("userId") ?? "";
    if (!signed(op, bancardTokens.userCards(privateKey, userId))) return badToken(c);
    const list = (cards.get(userId) ?? []).map((card) => ({
      card_id: Number(card.cardId) || card.cardId,
      alias_token: card.alias,
      card_masked_number: card.view.masked,
      expiration_date: card.view.expiry,
      card_brand: card.view.brand,
      card_type: card.view.type,
    }));
    return c.json({ status: "success", cards: list });
  });

  app.delete(bancardPaths.userCards(":userId"), async (c) => {
    const op = await operationOf(c);
    if (op instanceof Response) return op;
    const userId = c.req.param("userId") ?? "";
    const alias = text(op.alias_token, 200);
    if (!signed(op, bancardTokens.deleteCard(privateKey, userId, alias))) return badToken(c);
    const own = cards.get(userId) ?? [];
    // An alias of another user's card is not this user's: refused like an unknown one.
    if (!own.some((card) => card.alias === alias)) {
      return fail(c, 400, "InvalidAliasTokenError", "El alias_token no es válido.");
    }
    cards.set(
      userId,
      own.filter((card) => card.alias !== alias),
    );
    return c.json({ status: "success" });
  });

  app.post(bancardPaths.charge, async (c) => {
    const op = await operationOf(c);
    if (op instanceof Response) return op;
    const shopProcessId = text(op.shop_process_id, 64);
    const amount = text(op.amount, 20);
    const currency = text(op.currency, 3);
    const alias = text(op.alias_token, 200);
    const returnUrl = text(op.return_url);
    if (!/^[0-9]{1,15}$/.test(shopProcessId) || !bancardAmountPattern.test(amount)) {
      return fail(c, 400, "InvalidOperationError", "Los datos de la operación no son válidos.");
    }
    if (!signed(op, bancardTokens.charge(privateKey, shopProcessId, amount, currency, alias)))
      return badToken(c);
    const card = [...cards.values()].flat().find((stored) => stored.alias === alias);
    if (!card) return fail(c, 400, "InvalidAliasTokenError", "El alias_token no es válido.");
    if (byShopId.has(shopProcessId)) {
      return fail(c, 400, "InvalidOperationError", "Shop process has already been taken.");
    }
    const p: Process = {
      processId: newId(),
      shopProcessId,
      amount,
      currency,
      description: text(op.description, 100),
      returnUrl: URL.canParse(returnUrl) ? returnUrl : "http://invalid.invalid/",
      cancelUrl: URL.canParse(returnUrl) ? returnUrl : "http://invalid.invalid/",
      preauthorization: false,
      state: "open",
      confirmation: null,
      after: null,
    };
    processes.set(p.processId, p);
    byShopId.set(shopProcessId, p);
    if (card.behaviour.kind === "challenge") {
      p.state = "challenge";
      p.after = { kind: "decide", responseCode: BANCARD_APPROVED };
      return c.json({
        status: "success",
        confirmation: { shop_process_id: Number(shopProcessId), process_id: p.processId },
      });
    }
    const code = "responseCode" in card.behaviour ? card.behaviour.responseCode : BANCARD_APPROVED;
    p.state = "decided";
    p.confirmation = confirmationOf(p, code);
    return c.json({ status: "success", confirmation: p.confirmation });
  });

  return app;
}
