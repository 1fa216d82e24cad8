// /myBookings (login): the customer's open bookings, each with its performance, places,
// total and expiry; "Pay" resumes its payment at the checkout, "Release" asks first
// (?liberar={id}: a dialog with JavaScript, a section of the page without) and frees its
// places. Expired bookings are not listed: their places are already free.
import { endpoints } from "@contract";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { BookingCard, ReleaseBookingLink, WhichBooking } from "./booking-card";
import { bookingAction, bookingToRelease } from "./bookings.server";
import { ReleaseBookingDialog } from "./release-dialog";

const listPath = "/myBookings";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = requireUser(args);
  const all = orThrow(await commerce.call(endpoints.bookings)).Lista;
  const bookings = all.filter((booking) => booking.ctProcess === "CART");
  const t = getT(args.context);
  return {
    bookings,
    releasing: bookingToRelease(args.request, bookings),
    seo: seoFor(args, {
      title: t("account:bookings.title"),
      description: t("account:bookings.intro"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  return bookingAction(requireUser(args), await args.request.formData(), listPath);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const notice = useRouteLoaderData<typeof rootLoader>("root")?.notice ?? null;
  return (
    <section aria-labelledby="bookings-heading">
      {/* biome-ignore lint/a11y/noAutofocus: after booking or releasing (a notice says so) the focus starts at the heading. */}
      <h1 id="bookings-heading" tabIndex={-1} autoFocus={notice !== null}>
        {t("account:bookings.title")}
      </h1>
      <p>{t("account:bookings.intro")}</p>
      {actionData ? (
        <ErrorSummary
          id="booking-failure"
          messages={[actionData.failure || t("validation:invalid")]}
          attempt={actionData}
        />
      ) : null}
      {loaderData.releasing ? (
        <ReleaseBookingDialog booking={loaderData.releasing} backTo={listPath} />
      ) : null}
      {loaderData.bookings.length === 0 ? <p>{t("account:bookings.none")}</p> : null}
      <ul className="flex flex-col gap-4">
        {loaderData.bookings.map((booking) => {
          return (
            <li key={booking.idReserva}>
              <BookingCard
                booking={booking}
                actions={
                  <>
                    <Form method="post">
                      <input type="hidden" name="idReserva" value={booking.idReserva} />
                      <button
                        type="submit"
                        name="intent"
                        value="pay"
                        className="button-primary"
                        disabled={busy}
                      >
                        {t("account:bookings.pay")}
                        <WhichBooking booking={booking} />
                      </button>
                    </Form>
                    <ReleaseBookingLink booking={booking} listPath={listPath} />
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
