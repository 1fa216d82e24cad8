// Test harness of the commerce API: the API with a clock the test controls, customers, the
// catalog fixture (fixture.ts), and helpers to sign up and call JSON endpoints in-process.
// The databases themselves are in database.ts.
import { createHash, randomBytes } from "node:crypto";
import { eq as drizzleEq } from "drizzle-orm";
import { createCommerceApi } from "../app.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import type { CommerceBindings } from "../http/client-address.ts";
import type { FiscalAuthority } from "../invoicing/authority.ts";
import type { IssuerSettings } from "../invoicing/issuer.ts";
import { SandboxFiscalAuthority } from "../invoicing/sandbox-authority.ts";
import { defaultRateLimits, type RateLimits } from "../limits/rate-limits.ts";
import type { Mailer } from "../mail/mailer.ts";
import { MemoryOutbox } from "../mail/outbox.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { SandboxAcquirer } from "../payments/sandbox/sandbox.ts";
import { SandboxWallet } from "../payments/sandbox-wallet/sandbox-wallet.ts";
import type { WalletProvider } from "../payments/wallet.ts";
import { ticketSigningKeyFromSeed } from "../tickets/code.ts";

export {
  hashDatabaseSchema,
  openDataFolder,
  postgresTestDatabase,
  raceBackends,
  resetDatabase,
  scratchPostgresDatabase,
  scratchRaceBackends,
  testDatabase,
} from "./database.ts";

// ---------------------------------------------------------------- clock and API

/** A clock that only moves when the test says so. */
export class TestClock {
  private current: number;
  constructor(start: Date | string = "2031-03-10T15:00:00.000Z") {
    this.current = new Date(start).getTime();
  }
  now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current += minutes * 60_000;
  }
  set(date: Date | string) {
    this.current = new Date(date).getTime();
  }
}

export const TEST_TICKET_SECRET = "test-ticket-secret";
/** The tests' ticket signing key (drawn from a fixed text, like the development key). */
export const TEST_TICKET_SIGNING_KEY = ticketSigningKeyFromSeed("test-ticket-signing-key");
/** The tests' key of the waiting rooms' admission tokens. */
export const TEST_QUEUE_SIGNING_KEY = ticketSigningKeyFromSeed("test-queue-signing-key");

/** The shop's tax data in tests (the default settings' sandbox CUIT). */
export const testIssuer: IssuerSettings = {
  pointOfSale: 3,
  taxId: "30712345671",
  legalName: "Ente de Prueba",
  address: "Calle Falsa 123",
  vatCondition: "IVA Responsable Inscripto",
  grossIncomeNumber: "901-123456-7",
  activityStart: "2020-01-01",
  vatPercent: 21,
};

export type ApiCall = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  token?: string;
  /** Sent as JSON; a string is sent as is (to test malformed bodies). */
  body?: unknown;
  language?: string;
  headers?: Record<string, string>;
  /** The client's address, as the server around the API would tell it (unknown if unset). */
  clientAddress?: string;
};

export type Envelope = {
  nCode: number;
  cMensaje?: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests parse oData with the contract's schemas.
  oData?: any;
};

export type TestApi = ReturnType<typeof createTestApi>;

export function createTestApi(
  db: Database,
  options: {
    clock?: TestClock;
    payments?: PaymentProvider;
    /** Default: the sandbox wallet on the test's clock, deciding "later" at once. */
    wallet?: WalletProvider;
    purchaseMinutes?: number;
    extensionMinutes?: number;
    maxPlacesPerPerformance?: number;
    placeLimitCountsBought?: boolean;
    rateLimits?: RateLimits;
    trustClientAddressFrom?: string[];
    /** Default: an outbox in memory (`outbox`), composing each message as the real one. */
    mailer?: Mailer;
    verifyIdToken?: CommerceDeps["verifyIdToken"];
    fiscal?: FiscalAuthority;
    /** Default: the tests' fixed secret and keys (TEST_TICKET_SECRET…). */
    ticketSecret?: string;
    ticketSigningKey?: CommerceDeps["ticketSigningKey"];
  } = {},
) {
  const clock = options.clock ?? new TestClock();
  const outbox = new MemoryOutbox();
  // The real sandbox acquirer, unless the test brings its own provider. Its pending charges
  // are due at once: a test decides when they are looked up or notified.
  const sandbox = new SandboxAcquirer({ db, decisionDelayMs: 0 });
  const fiscal = new SandboxFiscalAuthority({ db, now: clock.now });
  const wallet = new SandboxWallet({ db, now: clock.now, decisionDelayMs: 0 });
  const deps: CommerceDeps = {
    db,
    payments: options.payments ?? sandbox,
    wallet: options.wallet ?? wallet,
    invoicing: { authority: options.fiscal ?? fiscal, issuer: testIssuer },
    ticketSecret: options.ticketSecret ?? TEST_TICKET_SECRET,
    ticketSigningKey: options.ticketSigningKey ?? TEST_TICKET_SIGNING_KEY,
    queueSigningKey: TEST_QUEUE_SIGNING_KEY,
    purchaseMinutes: options.purchaseMinutes ?? 30,
    extensionMinutes: options.extensionMinutes ?? 10,
    loginMinutes: 180,
    // The production default unless a test sells a performance out on its own.
    maxPlacesPerPerformance: options.maxPlacesPerPerformance ?? 10,
    placeLimitCountsBought: options.placeLimitCountsBought ?? true,
    rateLimits: options.rateLimits ?? defaultRateLimits,
    mailer: options.mailer ?? outbox,
    now: clock.now,
    verifyIdToken: options.verifyIdToken,
  };
  // Every JSON answer is checked against the contract: a drift fails the test that caused it.
  const api = createCommerceApi(deps, {
    checkResponses: true,
    trustClientAddressFrom: options.trustClientAddressFrom,
  });

  /** Calls /v2<path> in-process (Hono's app.request: no HTTP server involved). */
  async function request(path: string, call: ApiCall = {}): Promise<Response> {
    const headers = new Headers(call.headers);
    if (call.token) headers.set("Authorization", `Bearer ${call.token}`);
    if (call.language) headers.set("Accept-Language", call.language);
    let body: string | undefined;
    if (call.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
    }
    const env: CommerceBindings = { commerceCaller: { address: call.clientAddress } };
    return api.request(
      `/v2${path}`,
      { method: call.method ?? (call.body === undefined ? "GET" : "POST"), headers, body },
      env,
    );
  }

  /** Like request, but reads the JSON envelope. */
  async function call(path: string, options: ApiCall = {}) {
    const response = await request(path, options);
    const json = (await response.json()) as Envelope;
    return { status: response.status, json, response };
  }

  return { api, deps, clock, sandbox, wallet, fiscal, outbox, request, call };
}

// ---------------------------------------------------------------- customers

export const TEST_PASSWORD = "Secreta123";

let signUpCounter = 0;

export function signUpBody(overrides: Record<string, unknown> = {}) {
  signUpCounter += 1;
  return {
    cNombre: "Ana",
    cApellido: "García",
    cEmail: `ana${signUpCounter}@example.com`,
    cClave: TEST_PASSWORD,
    cGenero: "FEMENINO",
    cTipoDocumento: "DNI",
    cNumeroDocumento: `3${String(1_000_000 + signUpCounter)}`,
    nNacimientoDia: 14,
    nNacimientoMes: 3,
    nNacimientoAnio: 1990,
    ...overrides,
  };
}

/** Signs up through the API (real password hashing) and returns the session token. */
export async function signUp(t: TestApi, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const { json } = await t.call("/Cliente/Insertar", { body });
  if (json.nCode !== 200) throw new Error(`sign-up failed: ${JSON.stringify(json)}`);
  return { token: json.oData.token as string, email: body.cEmail as string, body };
}

/**
 * A customer with a token, written straight to the database: for tests that need many
 * customers (the races), where hashing a password each time would only cost time.
 */
export async function createCustomerWithToken(
  db: Database,
  clock: TestClock,
  label: string,
): Promise<{ customerId: number; token: string }> {
  const [customer] = await db
    .insert(schema.customers)
    .values({
      email: `${label}@example.com`,
      passwordHash: "no-login", // not a valid hash: nobody can log in with it
      firstName: label,
      lastName: "Test",
      documentType: "DNI",
      documentNumber: "30111222",
      gender: "NO_INFORMA",
    })
    .returning({ id: schema.customers.id });
  const token = randomBytes(32).toString("base64url");
  await db.insert(schema.apiTokens).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    customerId: customer.id,
    expiresAt: new Date(clock.now().getTime() + 180 * 60_000),
  });
  return { customerId: customer.id, token };
}

/** Many customers with tokens in two statements (the races need fifty). */
export async function createCustomersWithTokens(
  db: Database,
  clock: TestClock,
  count: number,
): Promise<string[]> {
  const created = await db
    .insert(schema.customers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `buyer${i + 1}@example.com`,
        passwordHash: "no-login",
        firstName: `Buyer ${i + 1}`,
        lastName: "Test",
        documentType: "DNI",
        documentNumber: String(40_000_000 + i),
        gender: "NO_INFORMA",
      })),
    )
    .returning({ id: schema.customers.id });
  const tokens = created.map(() => randomBytes(32).toString("base64url"));
  await db.insert(schema.apiTokens).values(
    created.map((customer, i) => ({
      tokenHash: createHash("sha256").update(tokens[i]).digest("hex"),
      customerId: customer.id,
      expiresAt: new Date(clock.now().getTime() + 180 * 60_000),
    })),
  );
  return tokens;
}

export { buildFixture, type Fixture } from "./fixture.ts";

// ---------------------------------------------------------------- purchase helpers

/** A card the sandbox approves; expiry two years ahead of the real clock. */
/**
 * The sandbox acquirer with some of its calls replaced (a fault, a pause, a count): every
 * other call goes to the sandbox itself.
 */
export function acquirerWith(
  sandbox: SandboxAcquirer,
  replaced: Partial<PaymentProvider>,
): PaymentProvider {
  return {
    cardProfile: (bin) => sandbox.cardProfile(bin),
    preValidate: (input) => sandbox.preValidate(input),
    charge: (input) => sandbox.charge(input),
    lookup: (key) => sandbox.lookup(key),
    refund: (reference) => sandbox.refund(reference),
    cancel: (key) => sandbox.cancel(key),
    verifyNotification: (body, signature) => sandbox.verifyNotification(body, signature),
    notificationHeader: sandbox.notificationHeader,
    ...replaced,
  };
}

export function testCard(number = "4242424242424242") {
  return {
    cNumero: number,
    nMesVencimiento: 12,
    nAnioVencimiento: new Date().getUTCFullYear() + 2,
    cCodigoSeguridad: "123",
    cTitular: "ANA GARCIA",
    cDocumento: "30111222",
  };
}

/** Cancels a process as its owner's page would: with the cancel key its view shows. */
export async function cancelProcess(t: TestApi, token: string, processId: number) {
  const view = await t.call(`/Proceso/${processId}`, { token });
  const cClaveInvalidar = view.json.oData?.cClaveInvalidar as string;
  return t.call(`/Proceso/${processId}/invalidar`, { body: { cClaveInvalidar } });
}

/** Whatever calls the API's JSON endpoints: the in-process TestApi, or a server process. */
export type JsonCaller = {
  call: (path: string, init: { token?: string; body?: unknown }) => Promise<{ json: Envelope }>;
};

/** Takes places in a new process and selects e-ticket delivery and credit card. */
export async function readyToPay(
  t: JsonCaller,
  token: string,
  take: { idFuncion: number; listaSectores?: unknown[]; listaPosiciones?: number[] },
) {
  const taken = await t.call("/Proceso/0/Posiciones/Tomar", { token, body: take });
  if (taken.json.nCode !== 200) throw new Error(`take failed: ${JSON.stringify(taken.json)}`);
  const processId = taken.json.oData.idProcesoDeCompra as number;
  await t.call(`/Proceso/${processId}/EntregaTipo/Seleccionar`, {
    token,
    body: { idEntregaTipo: 1 },
  });
  await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
    token,
    body: { nFormaDePago: 1 },
  });
  return processId;
}

/** Grants a staff role to the test customer with this e-mail, as the city's operators do. */
export async function grantStaffRole(
  db: Database,
  email: string,
  role: schema.StaffRole,
): Promise<void> {
  const [row] = await db
    .select()
    .from(schema.customers)
    .where(drizzleEq(schema.customers.email, email));
  await db.insert(schema.staffRoles).values({ customerId: row.id, role });
}
