// Bad input through the real server composition (server/app.ts around Vite's build of app/,
// the embedded API of a test database):
// - every storefront action answers a body that is not a form (JSON, text/plain, none, a
//   multipart body without boundary or cut short) with 415 or 400 and its page with a
//   translated message, never a 500;
// - a property-based fuzz of every action (the routes of app/routes.ts that export one, so a
//   new one is fuzzed without a line here): malformed form posts (fields wrong in one place,
//   broken encodings, files where text is expected, multipart cut short, bodies that are not
//   forms), odd methods, cookies, params and headers. No answer may be a 5xx.
//   `npm run fuzz` runs the long version (see commerce/testing/fuzz.ts).
import { contactRequest } from "@contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressForm, checkoutForm, loginForm, phoneForm, signUpForm } from "~/lib/forms";
import { sessionCookie } from "~/testing/route-harness";
import {
  acceptLanguage,
  fuzzSettings,
  headerValue,
  hostileString,
  hostileValue,
  type JsonSchema,
  jsonSchemaOf,
  percentEncode,
  rawUrlParts,
  StatusTally,
  shapedValue,
  textWithControl,
  urlPart,
} from "../commerce/testing/fuzz.ts";
import {
  buildFixture,
  createCustomerWithToken,
  createTestApi,
  type Fixture,
  readyToPay,
  resetDatabase,
  TestClock,
  testDatabase,
} from "../commerce/testing/harness.ts";
import {
  type ActionRoute,
  actionRoutes,
  type Storefront,
  startStorefront,
} from "./testing/storefront.ts";

const settings = fuzzSettings();
const tally = new StatusTally();

let storefront: Storefront;
let routes: ActionRoute[];
let fx: Fixture;
let cookies: Record<"buyer" | "buyerWithoutPurchase" | "expired", string>;
let processId: number;

beforeAll(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
  const t = createTestApi(db, { clock: new TestClock(new Date()) });
  fx = await buildFixture(db, t.clock);
  const { token } = await createCustomerWithToken(db, t.clock, "buyer");
  processId = await readyToPay(t, token, {
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
  });
  const user = { token, cNombre: "Buyer", cEmail: "buyer@example.com", lAlias: false };
  const now = new Date().toISOString();
  cookies = {
    buyer: await sessionCookie({ user: { ...user, dLogin: now }, processId }),
    buyerWithoutPurchase: await sessionCookie({ user: { ...user, dLogin: now } }),
    expired: await sessionCookie({ user: { ...user, dLogin: "2020-01-01T00:00:00.000Z" } }),
  };
  storefront = await startStorefront(t.api.fetch);
  routes = actionRoutes(storefront.build);
}, 120_000);

afterAll(async () => {
  await storefront?.close();
});

// ---------------------------------------------------------------- not a form

/** The route's URL with real ids of the fixture. */
function urlOf(route: ActionRoute): string {
  const values: Record<string, string> = {
    idProcesoDeCompra: String(processId),
    cSeo: fx.show.seo,
    id: String(fx.performances.main.id),
    idEstablecimiento: String(fx.venue.id),
  };
  return route.pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "x");
}

const boundary = "----storefront";
const form = `--${boundary}\r\nContent-Disposition: form-data; name="locale"\r\n\r\nen\r\n--${boundary}--\r\n`;

const notForms: Array<{ name: string; body?: string; type?: string; status: number }> = [
  { name: "JSON", body: "{}", type: "application/json", status: 415 },
  { name: "text/plain", body: "locale=en", type: "text/plain", status: 415 },
  { name: "no content type", body: "locale=en", status: 415 },
  { name: "no body at all", status: 415 },
  { name: "multipart without boundary", body: form, type: "multipart/form-data", status: 400 },
  {
    name: "multipart cut short",
    body: form.slice(0, 50),
    type: `multipart/form-data; boundary=${boundary}`,
    status: 400,
  },
];

describe("a body that is not a form", () => {
  for (const { name, body, type, status } of notForms) {
    it(`(${name}) is answered ${status} by every action, with a translated message`, async () => {
      for (const route of routes) {
        const url = urlOf(route);
        const headers = new Headers({ "accept-language": "en", cookie: cookies.buyer });
        const request = new Request(`http://localhost${url}`, { method: "POST", headers, body });
        if (type) request.headers.set("content-type", type);
        else request.headers.delete("content-type");
        const response = await storefront.app.request(request);
        const text = await response.text();
        expect(response.status, `${route.id} ${url}`).toBe(status);
        if (route.hasPage) {
          expect(text, route.id).toContain("<h1>The form could not be read</h1>");
          expect(text, route.id).toContain("reload it and send the form again");
        } else {
          expect(JSON.parse(text).message, route.id).toContain("reload it and send the form again");
        }
      }
    });
  }

  it("is said in the visitor's language", async () => {
    for (const [language, title] of [
      ["es", "No pudimos leer el formulario"],
      ["pt", "Não foi possível ler o formulário"],
    ]) {
      const response = await storefront.app.request("/login", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": language },
        body: "{}",
      });
      expect(response.status).toBe(415);
      expect(await response.text()).toContain(`<h1>${title}</h1>`);
    }
  });
});

// ---------------------------------------------------------------- forms

type Field = [name: string, value: string | Blob];

/** Any value as form text (fast-check's objects may have no prototype to convert them). */
function asText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

/** A form value as a browser would send it: objects flattened to Conform's dotted names. */
function fieldsOf(value: unknown, prefix = ""): Field[] {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) =>
      fieldsOf(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  const name = prefix || "value";
  if (Array.isArray(value)) return value.map((item) => [name, asText(item)] as Field);
  return [[name, asText(value)]];
}

/** A form of the shop, from its schema: fitting, wrong in one place, or anything. */
const formFrom = (schema: JsonSchema) => shapedValue(schema).map((value) => fieldsOf(value));

const placeFields: fc.Arbitrary<Field[]> = fc.array(
  fc.oneof(
    fc
      .tuple(
        fc.integer({ min: 0, max: 8 }),
        fc.oneof(fc.integer({ min: -1, max: 12 }).map(String), hostileString),
      )
      .map(([sector, count]): Field => [`qty-${sector}`, count]),
    fc
      .oneof(fc.integer({ min: 0, max: 40 }).map(String), hostileString)
      .map((seat): Field => ["seat", seat]),
    hostileString.map((count): Field => ["nCantidad", count]),
    fc.integer({ min: 0, max: 12 }).map((count): Field => ["nCantidad", String(count)]),
  ),
  { maxLength: 12 },
);

const checkoutIntents: fc.Arbitrary<Field[]> = fc
  .tuple(
    fc.constantFrom("cancel", "expired", "release", "pay", ""),
    fc.oneof(fc.integer({ min: 0, max: 6 }).map(String), hostileString),
  )
  .map(([intent, performance]) => [
    ["intent", intent],
    ["idFuncion", performance],
  ]);

/** The phone and address pages' intents, with an entry id for those on one entry. */
const bookIntents: fc.Arbitrary<Field[]> = fc
  .tuple(
    fc.constantFrom("add", "edit", "makeDefault", "delete", ""),
    fc.oneof(fc.integer({ min: 0, max: 6 }).map(String), hostileString),
  )
  .map(([intent, id]) => [
    ["intent", intent],
    ["id", id],
  ]);
const withBookIntent = (form: fc.Arbitrary<Field[]>) =>
  fc.tuple(form, bookIntents).map(([fields, intent]) => [...intent, ...fields]);

/** A return path (redirectTo): this site's, another's, or one no header can carry. */
const returnPath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("/", "/myOrders", "//evil.example", "/\\evil.example", "https://evil.example"),
  fc
    .oneof(textWithControl, fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }))
    .map((text) => `/myOrders${text}`),
  hostileString.map((text) => `/${text}`),
  hostileString,
);

const languageFields: fc.Arbitrary<Field[]> = fc
  .tuple(fc.oneof(fc.constantFrom("es", "en", "pt"), hostileString), returnPath)
  .map(([locale, back]) => [
    ["locale", locale],
    ["redirectTo", back],
  ]);

/** A form from its schema, with a return path as the login pages carry one. */
const withReturnPath = (form: fc.Arbitrary<Field[]>) =>
  fc
    .tuple(form, fc.option(returnPath))
    .map(([fields, back]): Field[] =>
      back === null
        ? fields
        : [...fields.filter(([name]) => name !== "redirectTo"), ["redirectTo", back]],
    );

const forms = {
  login: withReturnPath(formFrom(jsonSchemaOf(loginForm))),
  signUp: withReturnPath(formFrom(jsonSchemaOf(signUpForm))),
  checkout: fc
    .tuple(formFrom(jsonSchemaOf(checkoutForm)), fc.option(checkoutIntents))
    .map(([form, intent]) => [...(intent ?? []), ...form]),
  contact: formFrom(jsonSchemaOf(contactRequest)),
  phone: withBookIntent(formFrom(jsonSchemaOf(phoneForm))),
  address: withBookIntent(formFrom(jsonSchemaOf(addressForm))),
  places: placeFields,
  language: languageFields,
  anything: fc.array(fc.tuple(hostileString, hostileValue.map(asText)), { maxLength: 6 }),
};

/** Each route mostly gets its own form (when it has one the fuzz knows), else any of them. */
const ownForm: Record<string, fc.Arbitrary<Field[]>> = {
  login: forms.login,
  signUp: forms.signUp,
  BuyTicket: forms.checkout,
  funcion: forms.places,
  funcionQuery: forms.places,
  funcionTienda: forms.places,
  language: forms.language,
  "page-TechnicalSupport": forms.contact,
  myPhone: forms.phone,
  myAddress: forms.address,
};
const anyForm = fc.oneof(...Object.values(forms));

/** A field now and then becomes a file, or an extra field comes along. */
function formFieldsFor(route: string): fc.Arbitrary<Field[]> {
  const own = ownForm[route];
  const fields = own
    ? fc.oneof({ weight: 3, arbitrary: own }, { weight: 1, arbitrary: anyForm })
    : anyForm;
  return fc
    .tuple(
      fields,
      fc.nat(),
      fc.nat({ max: 5 }),
      fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 }),
    )
    .map(([fields, at, dice, extra]) => {
      const all: Field[] = [...fields, ...extra];
      if (dice === 0 && all.length > 0) {
        const [name, value] = all[at % all.length];
        all[at % all.length] = [name, new File([value], "x.txt", { type: "text/plain" })];
      }
      return all;
    });
}

// ---------------------------------------------------------------- bodies

type Body = { body?: BodyInit; contentType?: string | null };

function urlEncoded(fields: Field[]): string {
  return fields
    .map(
      ([name, value]) =>
        `${percentEncode(name)}=${percentEncode(typeof value === "string" ? value : "file")}`,
    )
    .join("&");
}

function formData(fields: Field[]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

/** The multipart text a browser would send, with its content type. */
async function multipart(
  fields: Field[],
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: formData(fields) });
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") as string,
  };
}

type BodyRecipe =
  | { kind: "urlencoded" | "multipart"; fields: Field[] }
  | { kind: "urlencoded-raw"; fields: Field[]; raw: string[] }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | {
      kind: "multipart-broken";
      fields: Field[];
      how: "cut" | "no-boundary" | "other-boundary" | "empty-boundary";
      at: number;
    }
  | { kind: "not-a-form"; text: string; contentType: string | null };

function bodyRecipeFor(route: string): fc.Arbitrary<BodyRecipe> {
  const formFields = formFieldsFor(route);
  return fc.oneof(
    { weight: 8, arbitrary: formFields.map((fields) => ({ kind: "urlencoded" as const, fields })) },
    { weight: 3, arbitrary: formFields.map((fields) => ({ kind: "multipart" as const, fields })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          formFields,
          fc.array(fc.constantFrom(...rawUrlParts), { minLength: 1, maxLength: 4 }),
        )
        .map(([fields, raw]) => ({ kind: "urlencoded-raw" as const, fields, raw })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom(
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            null,
          ),
        )
        .map(([bytes, contentType]) => ({ kind: "bytes" as const, bytes, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          formFields,
          fc.constantFrom(
            "cut",
            "no-boundary",
            "other-boundary",
            "empty-boundary",
          ) as fc.Arbitrary<"cut">,
          fc.nat(),
        )
        .map(([fields, how, at]) => ({ kind: "multipart-broken" as const, fields, how, at })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            hostileValue.map((v) => JSON.stringify(v) ?? ""),
            hostileString,
          ),
          fc.constantFrom(
            "application/json",
            "text/plain",
            null,
            "application/xml",
            "multipart/mixed; boundary=x",
            "application/x-www-form-urlencoded; charset=utf-16",
          ),
        )
        .map(([text, contentType]) => ({ kind: "not-a-form" as const, text, contentType })),
    },
  );
}

async function bodyOf(recipe: BodyRecipe): Promise<Body> {
  switch (recipe.kind) {
    case "urlencoded":
      return { body: urlEncoded(recipe.fields), contentType: "application/x-www-form-urlencoded" };
    case "urlencoded-raw":
      return {
        body: [urlEncoded(recipe.fields), ...recipe.raw].join("&"),
        contentType: "application/x-www-form-urlencoded",
      };
    case "multipart":
      return { body: formData(recipe.fields), contentType: undefined };
    case "bytes":
      return { body: new Uint8Array(recipe.bytes), contentType: recipe.contentType };
    case "not-a-form":
      return { body: recipe.text, contentType: recipe.contentType };
    case "multipart-broken": {
      const { bytes, contentType } = await multipart(recipe.fields);
      if (recipe.how === "cut")
        return { body: bytes.slice(0, recipe.at % bytes.length), contentType };
      const broken = {
        "no-boundary": "multipart/form-data",
        "other-boundary": "multipart/form-data; boundary=not-the-one",
        "empty-boundary": 'multipart/form-data; boundary=""',
      }[recipe.how];
      return { body: new Uint8Array(bytes), contentType: broken };
    }
  }
}

// ---------------------------------------------------------------- requests

type FormPost = {
  route: string;
  method: string;
  url: string;
  cookie: keyof typeof cookies | "none" | "garbage";
  headers: Record<string, string>;
  recipe: BodyRecipe;
};

function paramValues(): Record<string, fc.Arbitrary<string>> {
  return {
    idProcesoDeCompra: fc.oneof(
      { weight: 4, arbitrary: fc.constant(String(processId)) },
      { weight: 1, arbitrary: urlPart },
    ),
    id: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(...Object.values(fx.performances).map((p) => String(p.id))),
      },
      { weight: 1, arbitrary: urlPart },
    ),
    cSeo: fc.oneof(
      { weight: 4, arbitrary: fc.constant(fx.show.seo) },
      { weight: 1, arbitrary: urlPart },
    ),
  };
}

function formPostTo(route: ActionRoute): fc.Arbitrary<FormPost> {
  const names = [...route.pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const values = paramValues();
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...Object.values(fx.performances).map((p) => `?idFuncion=${p.id}`),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("idFuncion", "redirectTo", "index", "_data"), urlPart)
        .map(([name, value]) => `?${name}=${value}`),
    },
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant("POST") },
        { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE") },
      ),
      params: fc.tuple(...names.map((name) => values[name] ?? urlPart)),
      dataRequest: fc.oneof(
        { weight: 3, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      query,
      cookie: fc.oneof(
        { weight: 4, arbitrary: fc.constant("buyer" as const) },
        { weight: 2, arbitrary: fc.constant("none" as const) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "buyerWithoutPurchase" as const,
            "expired" as const,
            "garbage" as const,
          ),
        },
      ),
      language: acceptLanguage,
      origin: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constant("http://localhost") },
        { weight: 1, arbitrary: fc.oneof(fc.constant("https://evil.example"), headerValue) },
      ),
      recipe: bodyRecipeFor(route.id),
    })
    .map((r) => {
      let path = route.pattern;
      names.forEach((name, i) => {
        path = path.replace(`:${name}`, r.params[i] as string);
      });
      const headers: Record<string, string> = {};
      if (r.language !== undefined) headers["accept-language"] = r.language;
      if (r.origin !== undefined) headers.origin = r.origin;
      return {
        route: route.id,
        method: r.method,
        url: `${path}${r.dataRequest ? ".data" : ""}${r.query}`,
        cookie: r.cookie,
        headers,
        recipe: r.recipe,
      };
    });
}

async function send(post: FormPost) {
  const { body, contentType } = await bodyOf(post.recipe);
  const headers = new Headers(post.headers);
  if (post.cookie === "garbage")
    headers.set("cookie", "__session=eyJub3QiOiJzaWduZWQifQ%3D%3D.AAAA; lng=xx");
  else if (post.cookie !== "none") headers.set("cookie", cookies[post.cookie]);
  const request = new Request(`http://localhost${post.url}`, {
    method: post.method,
    headers,
    body,
  });
  // The content type the recipe says; a body with none gets none (a Request would invent one).
  if (contentType === null) request.headers.delete("content-type");
  else if (contentType !== undefined) request.headers.set("content-type", contentType);
  const response = await storefront.app.request(request);
  return { status: response.status, text: await response.text() };
}

function describePost(post: FormPost): string {
  const recipe = JSON.stringify(post.recipe, (_, value) =>
    value instanceof Uint8Array
      ? `<${value.length} bytes>`
      : value instanceof Blob
        ? "<file>"
        : value,
  );
  return `${post.method} ${post.url} (${post.route}, cookie ${post.cookie}) ${recipe.slice(0, 600)}`;
}

describe("every storefront action, fuzzed", () => {
  afterAll(() => {
    console.info(`storefront fuzz, seed ${settings.seed}: ${tally}`);
  });

  it("finds the actions in app/routes.ts", () => {
    expect(routes.map((route) => route.id)).toEqual(
      expect.arrayContaining([
        "login",
        "signUp",
        "logout",
        "language",
        "BuyTicket",
        "funcion",
        "funcionTienda",
      ]),
    );
  });

  it(
    "never answers 5xx to malformed form posts",
    async () => {
      // Each route module gets about the same share (the static pages share one).
      const anyPost = fc.oneof(
        ...routes.map((route) => ({
          weight: Math.max(1, Math.round(8 / route.sharingModule)),
          arbitrary: formPostTo(route),
        })),
      );
      await fc.assert(
        fc.asyncProperty(anyPost, async (post) => {
          const { status, text } = await send(post);
          tally.add(status);
          if (status >= 500) {
            throw new Error(`${status} for ${describePost(post)}: ${text.slice(0, 400)}`);
          }
        }),
        { seed: settings.seed, numRuns: settings.formRuns, endOnFailure: true },
      );
      expect(tally.total).toBeGreaterThanOrEqual(settings.formRuns);
    },
    60 * 60_000,
  );
});
