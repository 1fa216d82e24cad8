// The door check (decision 0042), JavaScript on and off: the demo's door staff (role granted
// in the database) open the door check from the account menu, name their entrance and let in
// a ticket bought in this test; the same code again says when and at which entrance it was
// used. The purchase goes through the API and Bancard's form (the buying pages are other
// specs' subject).
// axe on every page.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectAccessible, skipSplash, testCards, uniqueEmail, waitForHydration } from "./support";

test.beforeEach(skipSplash);

const PRODUCT_TYPE_ID = 100;

// biome-ignore lint/suspicious/noExplicitAny: the API's answers, read as the contract names them.
type Json = { nCode: number; oData: any };

/** A new buyer signs up and buys one general-admission place through the API: its code. */
async function ticketBoughtThroughApi(request: APIRequestContext): Promise<string> {
  let token = "";
  const call = async (path: string, body?: unknown) => {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const response =
      body === undefined
        ? await request.get(`/v2${path}`, { headers })
        : await request.post(`/v2${path}`, { headers, data: body });
    const json = (await response.json()) as Json;
    expect(json.nCode, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json.oData;
  };
  ({ token } = await call("/Cliente/Insertar", {
    cNombre: "Luz",
    cApellido: "Acevedo",
    cEmail: uniqueEmail("door"),
    cClave: "Entradas2026",
    cGenero: "FEMENINO",
    cTipoDocumento: "DNI",
    cNumeroDocumento: "30123456",
    nNacimientoDia: 14,
    nNacimientoMes: 3,
    nNacimientoAnio: 1988,
  }));
  const shows = (await call("/EspectaculosCartel")).Lista.filter(
    (show: { idEspectaculoCartelTipo: number }) => show.idEspectaculoCartelTipo !== PRODUCT_TYPE_ID,
  );
  for (const show of shows) {
    const { listaFunciones } = await call(`/EspectaculoCartel/${show.idEspectaculoCartel}`);
    for (const performance of listaFunciones) {
      if (performance.cEstado !== "ON_SALE" || performance.nDisponibles === 0) continue;
      const { listaSectores } = await call(`/Funcion/${performance.idFuncion}`);
      const sector = listaSectores.find(
        (s: { cTipo: string; nDisponibles: number }) => s.cTipo === "GENERAL" && s.nDisponibles > 0,
      );
      if (!sector) continue;
      const { idProcesoDeCompra } = await call("/Proceso/0/Posiciones/Tomar", {
        idFuncion: performance.idFuncion,
        listaSectores: [{ idSector: sector.idSector, nCantidad: 1 }],
      });
      const process = `/Proceso/${idProcesoDeCompra}`;
      await call(`${process}/EntregaTipo/Seleccionar`, { idEntregaTipo: 1 });
      await call(`${process}/FormaDePago/Seleccionar`, { nFormaDePago: 1 });
      // Paid on Bancard's form (its stand-in's page, as without JavaScript): the card is
      // never sent to the shop. Bancard confirms to the API, which then has the order.
      const form = await call(`${process}/card/BancardiFrame`, {
        cClaveIdempotencia: `door-check-${idProcesoDeCompra}`,
        cUrlRetorno: `http://127.0.0.1/bancard/finish/${idProcesoDeCompra}`,
        cUrlCancelacion: `http://127.0.0.1/BuyTicket/${idProcesoDeCompra}`,
      });
      const paid = await request.post(new URL("/checkout/new/pay", form.cUrlPagina).href, {
        form: {
          process_id: form.cProcesoAdquirente,
          number: testCards.approves,
          expiry: "12/39",
          cvv: "123",
          installments: "1",
        },
        maxRedirects: 0,
      });
      expect(paid.status()).toBeLessThan(400);
      await expect
        .poll(async () => (await call(process)).cEstado, { timeout: 30_000 })
        .toBe("PAID");
      const [order] = (await call("/Historial2")).Lista;
      return order.listaFunciones[0].listaTickets[0].cCodigo;
    }
  }
  throw new Error("no general-admission place on sale in the demo catalog");
}

test("door staff let a ticket in once; the second scan says when and where", async ({
  page,
  request,
}) => {
  const code = await ticketBoughtThroughApi(request);
  const login = await page.request.post("/login", {
    form: { cEmail: "puerta@demo.ciudad.test", cClave: "Puerta2026", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);

  await page.goto("/door");
  // With JavaScript the menus are React's: opened before it took over, one closes again.
  await waitForHydration(page);
  const menu = page.getByRole("banner").locator("summary", { hasText: "Tu cuenta:" }).first();
  await menu.click();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Control de acceso" }).first(),
  ).toHaveAttribute("href", "/door");
  await menu.click();
  await expect(page.getByRole("heading", { level: 1, name: "Control de acceso" })).toBeVisible();
  await expectAccessible(page);
  const codeField = page.getByLabel("Código de la entrada");
  await page.getByLabel(/^Nombre del acceso/).fill("Puerta Norte");
  await codeField.fill(code);
  await page.getByRole("button", { name: "Validar entrada" }).click();
  const admitted = page.getByRole("heading", { level: 2, name: "Puede pasar" });
  await expect(admitted).toBeFocused();
  await expect(page.getByText("Luz Acevedo")).toBeVisible();
  await expect(codeField).toHaveValue("");
  await expect(page.getByLabel(/^Nombre del acceso/)).toHaveValue("Puerta Norte");
  await expectAccessible(page);

  await codeField.fill(code);
  await page.getByRole("button", { name: "Validar entrada" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Entrada ya usada" })).toBeFocused();
  await expect(
    page.getByText(/^Se usó el .+ en Puerta Norte\. No la dejes pasar\.$/),
  ).toBeVisible();
  await expect(codeField).toHaveValue("");
  await expectAccessible(page);
});
