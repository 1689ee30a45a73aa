// Step 1's pickup point: the car's points as a radio list (the way to choose without JavaScript, and for keyboards
// and screen readers), each with a link to it on OpenStreetMap, and with JavaScript a map on demand whose points
// choose in the list too. The map's code (Leaflet) loads on the first "Show on map".
import { lazy, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapToggle } from "~/components/maps/map-toggle";
import { FieldErrors } from "~/components/ui/field-errors";

export interface PickupOption {
  id: string;
  name: string;
  address: string;
  city: string;
  availableHours: string | null;
  latitude: number | null;
  longitude: number | null;
}

const PickupPointsMap = lazy(() => import("~/components/bookings/pickup-points-map.client"));

const radioId = (id: string) => `pickup-${id}`;

export function osmLink(latitude: number, longitude: number) {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

export function PickupChoice({
  pickups,
  chosen,
  error,
}: {
  pickups: PickupOption[];
  chosen: string | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation("bookings");
  const [selected, setSelected] = useState(chosen ?? null);
  // Each re-pricing brings new loader data; the map is drawn again only when the points themselves change.
  const signature = pickups.map((p) => `${p.id}@${p.latitude},${p.longitude}`).join("|");
  const located = useMemo(
    () =>
      pickups.flatMap((p) =>
        p.latitude !== null && p.longitude !== null ? [{ ...p, latitude: p.latitude, longitude: p.longitude }] : [],
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature is the points' identity
    [signature],
  );
  // A point chosen on the map is chosen in the list: the click is the radio's, so the form re-prices as usual.
  const chooseOnMap = (id: string) => document.getElementById(radioId(id))?.click();

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-base font-bold">{t("book.pickup")}</legend>
      {pickups.map((p) => (
        <div
          key={p.id}
          className="flex items-start justify-between gap-3 rounded-xl border border-line p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft"
        >
          <label className="flex grow cursor-pointer items-start gap-3">
            <input
              type="radio"
              id={radioId(p.id)}
              name="pickup"
              value={p.id}
              defaultChecked={chosen === p.id}
              onChange={() => setSelected(p.id)}
              className="mt-1 accent-primary"
              aria-describedby={error ? "pickup-error" : undefined}
            />
            <span>
              <span className="block font-semibold">{p.name}</span>
              <span className="block text-muted">{p.address === p.name ? null : `${p.address}, ${p.city}`}</span>
              {p.availableHours ? (
                <span className="block text-xs text-muted">{t("book.hours", { hours: p.availableHours })}</span>
              ) : null}
            </span>
          </label>
          {p.latitude !== null && p.longitude !== null ? (
            <a
              href={osmLink(p.latitude, p.longitude)}
              target="_blank"
              rel="noopener noreferrer"
              className="shrink-0 text-xs font-semibold text-primary hover:underline"
            >
              {t("book.map.view")}
              <span className="sr-only">: {p.name}</span>
            </a>
          ) : null}
        </div>
      ))}
      <FieldErrors id="pickup-error" errors={error ? [error] : undefined} />
      {located.length > 0 ? (
        <MapToggle labels={{ show: t("book.map.show"), hide: t("book.map.hide"), loading: t("book.map.loading") }}>
          <div className="mt-3 grid gap-2">
            <p className="text-sm text-muted">{t("book.map.hint")}</p>
            <PickupPointsMap
              label={t("book.map.label")}
              points={located}
              selectedId={selected}
              onSelect={chooseOnMap}
            />
          </div>
        </MapToggle>
      ) : null}
    </fieldset>
  );
}
