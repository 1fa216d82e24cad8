// Bancard's and PayPal's stand-ins as a process of their own, for several API nodes on one
// database (decision 0077): each node is configured with these keys and addresses as if
// they were the real services, and the stand-ins confirm to PAYMENT_CALLBACK_URL (the nodes'
// load balancer). One API process alone runs its own stand-ins and needs none of this.
//
//   BANCARD_URL=http://127.0.0.1:4610 BANCARD_PUBLIC_KEY=… BANCARD_PRIVATE_KEY=… \
//   PAYPAL_URL=http://127.0.0.1:4620 PAYPAL_CLIENT_ID=… PAYPAL_CLIENT_SECRET=… \
//   PAYPAL_WEBHOOK_ID=… PAYMENT_CALLBACK_URL=http://127.0.0.1:8080 npm run stand-ins
import { startBancardStandIn } from "../commerce/payments/bancard/stand-in.ts";
import { listenAddressOf } from "../commerce/payments/hosted-providers-start.ts";
import { startPayPalStandIn } from "../commerce/payments/paypal/stand-in.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(
      `${name} is required (see README, "Payments: Bancard, PayPal and their stand-ins")`,
    );
    process.exit(2);
  }
  return value;
}

const callbackUrl = required("PAYMENT_CALLBACK_URL");
const bancard = await startBancardStandIn({
  ...listenAddressOf(required("BANCARD_URL")),
  publicKey: required("BANCARD_PUBLIC_KEY"),
  privateKey: required("BANCARD_PRIVATE_KEY"),
  confirmationUrl: new URL("/v2/bancard/confirmacion", callbackUrl).href,
});
const payPal = await startPayPalStandIn({
  ...listenAddressOf(required("PAYPAL_URL")),
  clientId: required("PAYPAL_CLIENT_ID"),
  clientSecret: required("PAYPAL_CLIENT_SECRET"),
  webhookId: required("PAYPAL_WEBHOOK_ID"),
  webhookUrl: new URL("/v2/paypal/webhook", callbackUrl).href,
});
console.log(`Bancard's stand-in at ${bancard.url}, PayPal's at ${payPal.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([bancard.close(), payPal.close()]).then(() => process.exit(0));
  });
}
