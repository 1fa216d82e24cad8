import type { Venue } from "@contract";
import { mapUrl } from "~/lib/browse-paths";
import { useTranslation } from "~/lib/i18n";

/** Address, zone and a map link of a venue (landing and venue pages). */
export function VenueDetails({
  venue,
  showDescription = false,
}: {
  venue: Venue;
  showDescription?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <address className="not-italic">
        {venue.cDireccion}, {venue.cCiudad}
      </address>
      {venue.cZona ? (
        <p>
          <span className="font-medium">{t("browse:venue.zone")}:</span> {venue.cZona}
        </p>
      ) : null}
      {showDescription && venue.cDescripcion ? <p className="mt-2">{venue.cDescripcion}</p> : null}
      <p className="mt-1">
        <a href={mapUrl(venue)} rel="noopener noreferrer" target="_blank">
          {t("browse:venue.mapLink", { name: venue.cNombre })}
          <span className="sr-only"> {t("browse:newWindow")}</span>
        </a>
      </p>
    </div>
  );
}
