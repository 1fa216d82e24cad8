// The venue page and the spec's catch-all /{cSeo}/{idEstablecimiento}: the venue's own slug
// is a venue address, any other word moves to the canonical /establecimiento/… (301), but
// the shop's own words (/BuyTicketBox/1) stay the 404 page, never a redirect to venue 1.
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { pageGet, runRoute } from "~/testing/route-harness";
import { setUpApiTests } from "../../commerce/testing/api-test.ts";
import { loader } from "./venue";

const api = setUpApiTests();
beforeEach(() => {
  registerEmbeddedCommerce(api.t.api.fetch);
});

const venueId = () => String(api.fx.venue.id);
const open = (path: string, cSeo: string) =>
  runRoute(loader, pageGet(path), { cSeo, idEstablecimiento: venueId() });

const statusOf = (thrown: unknown) =>
  thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;

describe("venue addresses", () => {
  it("shows the venue at its own slug, in both forms", async () => {
    for (const path of [
      `/establecimiento/teatro-de-prueba/${venueId()}`,
      `/teatro-de-prueba/${venueId()}`,
    ]) {
      const { result, thrown } = await open(path, "teatro-de-prueba");
      expect(thrown, path).toBeUndefined();
      expect(result?.data.venue.cNombre).toBe("Teatro de Prueba");
    }
  });

  it("answers 404 for the shop's own words in the catch-all", async () => {
    for (const word of ["linkPago", "BuyTicketBox", "payconfirm", "FAQ"]) {
      const { thrown } = await open(`/${word}/${venueId()}`, word);
      expect(statusOf(thrown), word).toBe(404);
    }
  });

  it("moves any other word in the catch-all to the canonical address (301), query kept", async () => {
    for (const word of ["foo", "teatro-de-otra-cosa"]) {
      const { thrown } = await open(`/${word}/${venueId()}?pagina=2`, word);
      expect(statusOf(thrown), word).toBe(301);
      expect((thrown as Response).headers.get("Location")).toBe(
        `/establecimiento/teatro-de-prueba/${venueId()}?pagina=2`,
      );
    }
  });

  it("answers 404 for an unknown venue under any word", async () => {
    const { thrown } = await runRoute(loader, pageGet("/foo/999999"), {
      cSeo: "foo",
      idEstablecimiento: "999999",
    });
    expect(statusOf(thrown)).toBe(404);
  });

  it("moves the venue's slug in other capitals to the right one (301)", async () => {
    const { thrown } = await open(`/Teatro-De-Prueba/${venueId()}?pagina=2`, "Teatro-De-Prueba");
    expect(statusOf(thrown)).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/teatro-de-prueba/${venueId()}?pagina=2`,
    );
  });

  it("moves a stale slug under /establecimiento/ to the venue's own", async () => {
    const { thrown } = await open(`/establecimiento/old-name/${venueId()}`, "old-name");
    expect(statusOf(thrown)).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/establecimiento/teatro-de-prueba/${venueId()}`,
    );
  });
});
