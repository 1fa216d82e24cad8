// Opens the database (migrating it), seeds the demo catalog once, settles the payments a
// crash left PENDING, and builds the API. Shared by the storefront's server (embedded mode)
// and commerce/server.ts (standalone).
import { createCommerceApi } from "./app.ts";
import { type CommerceSettings, operationsSettingsFromEnv } from "./config.ts";
import { idTokenVerifier } from "./customers/id-token.ts";
import { listenForChanges } from "./db/changes.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./db/client.ts";
import { DataFolderError } from "./db/data-folder.ts";
import { startEmbeddedVacuum } from "./db/embedded-vacuum.ts";
import type { CommerceDeps } from "./deps.ts";
import { SecretSettingsError } from "./installation-secrets.ts";
import { SandboxFiscalAuthority } from "./invoicing/sandbox-authority.ts";
import { errorFields, log } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import { OutboxMailer } from "./mail/outbox.ts";
import { SmtpMailer } from "./mail/smtp.ts";
import { backgroundWorkSettled } from "./operations/background-work.ts";
import { type HostedProviders, startHostedProviders } from "./payments/hosted-providers-start.ts";
import { BANCARD_PROVIDER, PAYPAL_PROVIDER } from "./payments/payment-providers.ts";
import { startPaymentReconciler } from "./payments/reconcile.ts";
import { notificationSignatureHeader, SandboxAcquirer } from "./payments/sandbox/sandbox.ts";
import { sandboxIssuerPages } from "./payments/sandbox/sandbox-issuer-page.ts";
import { startSandboxNotifier } from "./payments/sandbox/sandbox-notifier.ts";
import { SandboxWallet, walletSignatureHeader } from "./payments/sandbox-wallet/sandbox-wallet.ts";
import { sandboxWalletPages } from "./payments/sandbox-wallet/sandbox-wallet-page.ts";
import { startAdmissionJob } from "./queue/admission-job.ts";
import { queuePages } from "./queue/pages.ts";
import { forgetQueueSettings } from "./queue/settings.ts";

export type { CommerceSettings } from "./config.ts";

/** SMTP when configured, else the outbox folder. */
export function mailerFor(mail: CommerceSettings["mail"]): Mailer {
  return mail.smtpUrl
    ? new SmtpMailer(mail.smtpUrl, mail.from)
    : new OutboxMailer(mail.outboxDir, mail.from);
}

/** Whether a real Bancard or PayPal is configured (their keys set). */
export function takesRealMoney(settings: CommerceSettings): boolean {
  return settings.hostedProviders.bancard !== null || settings.hostedProviders.payPal !== null;
}

/** What the API's areas run with, from the settings: the server's, a benchmark's alike. */
export function commerceDeps(
  db: Database,
  settings: CommerceSettings,
  hosted?: Pick<HostedProviders, "hostedProviders" | "savedCards">,
): CommerceDeps {
  return {
    db,
    hostedProviders: hosted?.hostedProviders,
    savedCards: hosted?.savedCards,
    payments: new SandboxAcquirer({
      db,
      answerDelayMs: settings.sandboxAnswerDelayMs,
      decisionDelayMs: settings.sandbox.decisionMs,
      publicUrl: settings.sandbox.publicUrl,
      notificationSecret: settings.sandbox.notificationSecret,
    }),
    // The wallets are sandboxes: a shop taking real money (a real provider's keys set) does
    // not offer them, lest they sell places for no money.
    wallet: takesRealMoney(settings)
      ? undefined
      : new SandboxWallet({
          db,
          decisionDelayMs: settings.sandbox.decisionMs,
          publicUrl: settings.sandbox.publicUrl,
          notificationSecret: settings.sandbox.notificationSecret,
        }),
    invoicing: {
      authority: new SandboxFiscalAuthority({ db }),
      issuer: settings.issuer,
    },
    ticketSecret: settings.ticketSecret,
    ticketSigningKey: settings.ticketSigningKey,
    queueSigningKey: settings.queue.signingKey,
    purchaseMinutes: settings.purchaseMinutes,
    extensionMinutes: settings.extensionMinutes,
    loginMinutes: settings.loginMinutes,
    maxPlacesPerPerformance: settings.maxPlacesPerPerformance,
    placeLimitCountsBought: settings.placeLimitCountsBought,
    rateLimits: settings.rateLimits,
    pendingPaymentGraceMs: settings.reconcileGraceSeconds * 1000,
    mailer: mailerFor(settings.mail),
    now: () => new Date(),
    verifyIdToken: settings.externalLogin
      ? idTokenVerifier({
          issuer: settings.externalLogin.issuer,
          audience: settings.externalLogin.clientId,
          now: () => new Date(),
        })
      : undefined,
  };
}

/**
 * The origins a storefront's pages must allow for the providers this API runs with (decision
 * 0078): Bancard's form, and PayPal's approval page.
 */
function paymentOriginsOf(hosted: HostedProviders) {
  const named = (name: string) => hosted.hostedProviders.find((p) => p.name === name)?.origins;
  return {
    bancard: named(BANCARD_PROVIDER)?.frame[0],
    paypalApproval: named(PAYPAL_PROVIDER)?.formAction[0],
  };
}

export async function startCommerce(settings: CommerceSettings) {
  for (const name of settings.secretsMade.names) {
    // Its value is never logged: only that this installation now has its own, and where.
    log.info(`${name} is not set: made this installation's own in ${settings.secretsMade.folder}`);
  }
  if (settings.developmentTicketSigningKey) {
    // Anyone can sign tickets with the development key: a door would admit forgeries.
    log.warn("TICKET_SIGNING_KEY is not set: using the development key (set it in production)");
  }
  if (settings.queue.developmentSigningKey) {
    // Anyone can sign admission tokens with the development key: a queue could be skipped.
    log.warn("QUEUE_SIGNING_KEY is not set: using the development key (set it in production)");
  }
  const handle = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    seedDemo: settings.seedDemo,
  });
  let hosted: HostedProviders | null = null;
  try {
    // Bancard and PayPal, or their stand-ins on their own ports (decision 0077).
    hosted = await startHostedProviders(settings.hostedProviders);
    const deps = commerceDeps(handle.db, settings, hosted);
    const reconciler = await startPaymentReconciler(deps, {
      intervalMs: settings.reconcileIntervalSeconds * 1000,
    });
    const api = createCommerceApi(deps, {
      trustClientAddressFrom: settings.trustClientAddressFrom,
    });
    // The sandbox acquirer's own pages (its bank's 3-D Secure challenge) and notifications.
    const sandbox = deps.payments instanceof SandboxAcquirer ? deps.payments : null;
    const issuerPages = sandbox ? sandboxIssuerPages(sandbox) : null;
    const notifier = sandbox
      ? startSandboxNotifier(
          sandbox,
          {
            path: "/v2/Pagos/Notificacion",
            signatureHeader: notificationSignatureHeader,
            name: "sandbox-acquirer",
          },
          (request) => api.fetch(request),
        )
      : null;
    // The sandbox wallet's hosted payment page and notifications, likewise.
    const wallet = deps.wallet instanceof SandboxWallet ? deps.wallet : null;
    const walletPages = wallet ? sandboxWalletPages(wallet) : null;
    const walletNotifier = wallet
      ? startSandboxNotifier(
          wallet,
          {
            path: "/v2/Billetera/Notificacion",
            signatureHeader: walletSignatureHeader,
            name: "sandbox-wallet",
          },
          (request) => api.fetch(request),
        )
      : null;
    // The waiting rooms: their pages, and the job that lets visitors in (decision 0048).
    const waitingPages = queuePages(deps, { storefrontUrl: settings.queue.storefrontUrl });
    const admissions = startAdmissionJob(deps, { intervalMs: settings.queue.tickMs });
    // PGlite has no autovacuum: the embedded server vacuums its database itself.
    const vacuum = startEmbeddedVacuum(handle);
    // Other nodes' changes of the queues, heard at once (decision 0051).
    const changes = settings.databaseUrl
      ? listenForChanges(settings.databaseUrl, () => forgetQueueSettings(deps))
      : null;
    const fetch = (request: Request, env?: object) => {
      const path = new URL(request.url).pathname;
      if (path === "/cola" || path.startsWith("/cola/")) return waitingPages.fetch(request);
      if (walletPages && path.startsWith("/sandbox/wallet/")) return walletPages.fetch(request);
      if (issuerPages && path.startsWith("/sandbox/")) return issuerPages.fetch(request);
      return api.fetch(request, env);
    };
    // Closing the database stops the timers first (a pass under way finishes), then waits
    // for the mail and CAE requests still under way (operations/background-work.ts).
    const database: DatabaseHandle = {
      ...handle,
      close: async () => {
        await changes?.stop();
        await admissions.stop();
        await vacuum?.stop();
        await notifier?.stop();
        await walletNotifier?.stop();
        await reconciler.stop();
        await hosted?.stop();
        if (!(await backgroundWorkSettled(operationsSettingsFromEnv().shutdownGraceMs))) {
          log.warn("background work (mail, CAE requests) still under way was cut");
        }
        await handle.close();
      },
    };
    return { api: { fetch }, database, paymentOrigins: paymentOriginsOf(hosted) };
  } catch (error) {
    // The data folder's lock goes with the database.
    await hosted?.stop().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * Says why the server cannot start and leaves with status 1. A busy or unrecognised data
 * folder is an expected refusal: its message says what to do, a stack trace would only bury it.
 */
/**
 * A port already taken, or one this user may not open, ends the start with one line saying
 * which address and what to change, instead of an unhandled error's stack.
 */
export function exitWhenPortCannotOpen(
  server: { once(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown },
  address: { host: string; port: number },
  name = "commerce API",
) {
  server.once("error", (error) => {
    const where = `${address.host}:${address.port}`;
    if (error.code === "EADDRINUSE" || error.code === "EACCES") {
      const why = error.code === "EADDRINUSE" ? "is in use by another process" : "is not allowed";
      process.stderr.write(`${name} cannot start: ${where} ${why} (set PORT or HOST)\n`);
      log.fatal({ code: error.code, address: where }, `${name} cannot start`);
      process.exit(1);
    }
    exitBecauseStartFailed(error, name);
  });
}

export function exitBecauseStartFailed(error: unknown, server = "commerce API"): never {
  if (error instanceof SecretSettingsError) {
    // One line per setting, saying what to set: the values themselves are never printed.
    for (const line of error.lines) process.stderr.write(`${server} cannot start: ${line}\n`);
    log.fatal(`${server} cannot start: its secrets' settings were refused`);
    process.exit(1);
  }
  // Straight to stderr, whatever LOG_LEVEL says: whoever started the server must see why.
  const why =
    error instanceof DataFolderError ? error.message : JSON.stringify(errorFields(error), null, 2);
  process.stderr.write(`${server} cannot start: ${why}\n`);
  log.fatal({ err: error }, `${server} cannot start`);
  process.exit(1);
}
