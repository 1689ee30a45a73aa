// The pickup point's map (Leaflet with OpenStreetMap tiles, no key), loaded only when the owner asks for it; `.client`
// because Leaflet needs a window, so the server bundle never holds it. Clicking the map, or "Use my location", fills
// the point's latitude and longitude; the form works without it, and the server fills coordinates from the city.
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapCanvas, openStreetMap } from "~/components/maps/open-street-map.client";
import { DEFAULT_MAP_CENTRE, findCity, type PickupCountry } from "~/places/cities";

/** Part 1 §2: geolocation may take at most 10 seconds. */
const GEOLOCATION_TIMEOUT_MS = 10_000;
const CITY_ZOOM = 13;
const POINT_ZOOM = 16;

function input(id: string) {
  return document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
}

function setValue(id: string, value: string) {
  const element = input(id);
  if (!element) return;
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Where to look first: the coordinates typed, else the city chosen, else Vilnius. */
function startingPoint(ids: { latitude: string; longitude: string; city: string; country: string }) {
  const lat = Number(input(ids.latitude)?.value);
  const lng = Number(input(ids.longitude)?.value);
  if (input(ids.latitude)?.value && input(ids.longitude)?.value && Number.isFinite(lat) && Number.isFinite(lng))
    return { centre: L.latLng(lat, lng), zoom: POINT_ZOOM, marked: true };
  const city = findCity(input(ids.city)?.value ?? "", (input(ids.country)?.value ?? "Lithuania") as PickupCountry);
  const place = city ?? DEFAULT_MAP_CENTRE;
  return { centre: L.latLng(place.latitude, place.longitude), zoom: CITY_ZOOM, marked: false };
}

export default function PickupMap({
  label,
  ids,
}: {
  label: string;
  ids: { latitude: string; longitude: string; city: string; country: string };
}) {
  const { t } = useTranslation("listings");
  const element = useRef<HTMLDivElement>(null);
  const place = useRef<(at: L.LatLng) => void>(() => {});
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const { latitude, longitude, city, country } = ids;
  useEffect(() => {
    if (!element.current) return;
    const start = startingPoint({ latitude, longitude, city, country });
    const map = openStreetMap(element.current).setView(start.centre, start.zoom);
    // A vector marker: Leaflet's image markers need their PNGs served from a known path.
    const marker = L.circleMarker(start.centre, { radius: 9, color: "#0f766e", weight: 3, fillOpacity: 0.6 });
    if (start.marked) marker.addTo(map);
    place.current = (at) => {
      marker.setLatLng(at).addTo(map);
      setValue(latitude, at.lat.toFixed(5));
      setValue(longitude, at.lng.toFixed(5));
    };
    map.on("click", (event: L.LeafletMouseEvent) => place.current(event.latlng));
    return () => {
      map.remove();
    };
  }, [latitude, longitude, city, country]);

  function locate() {
    if (!("geolocation" in navigator)) return setMessage(t("wizard.map.locationFailed"));
    setLocating(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        place.current(L.latLng(position.coords.latitude, position.coords.longitude));
      },
      () => {
        setLocating(false);
        setMessage(t("wizard.map.locationFailed"));
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }

  return (
    <div className="mt-3 grid gap-2">
      <p className="text-sm text-muted">{t("wizard.map.hint")}</p>
      <MapCanvas ref={element} label={label} testId="pickup-map" />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          className="rounded-lg border border-line px-3 py-2 text-sm font-semibold hover:bg-subtle disabled:opacity-60"
        >
          {locating ? t("wizard.map.locating") : t("wizard.map.useLocation")}
        </button>
        {message ? (
          <p role="status" className="text-sm text-danger">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
