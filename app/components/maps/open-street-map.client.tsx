// What the two maps share (the pickup point editor of the listing wizard and the pickup points of the booking step):
// a Leaflet map on OpenStreetMap's tiles, which need no key, and the element it is drawn in. `.client`: Leaflet
// needs a window, so the server bundle never holds it.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { forwardRef } from "react";

export function openStreetMap(element: HTMLElement): L.Map {
  const map = L.map(element, { scrollWheelZoom: false });
  L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  }).addTo(map);
  return map;
}

export const MapCanvas = forwardRef<HTMLDivElement, { label: string; testId: string }>(function MapCanvas(
  { label, testId },
  ref,
) {
  return (
    <div
      ref={ref}
      role="application"
      aria-label={label}
      className="h-64 w-full overflow-hidden rounded-xl border border-line"
      data-testid={testId}
    />
  );
});
