// The car's pickup points on a map (Leaflet with OpenStreetMap tiles, no key), loaded only when the renter asks for
// it; `.client` because Leaflet needs a window. Read-only: a click on a point
// (or Enter on it) chooses it in the list beside, which stays the way to choose without the map.
import L from "leaflet";
import { useEffect, useRef } from "react";
import { MapCanvas, openStreetMap } from "~/components/maps/open-street-map.client";
import { DEFAULT_MAP_CENTRE } from "~/places/cities";

export interface MapPoint {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

const CITY_ZOOM = 13;
const SELECTED = { radius: 11, color: "#0f766e", weight: 4, fillOpacity: 0.85 };
const OTHER = { radius: 8, color: "#475569", weight: 2, fillOpacity: 0.5 };

export default function PickupPointsMap({
  label,
  points,
  selectedId,
  onSelect,
}: {
  label: string;
  points: MapPoint[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const markers = useRef(new Map<string, L.CircleMarker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!element.current) return;
    const map = openStreetMap(element.current);
    // The view first: a marker's element exists only once the map has one.
    if (points.length > 1) {
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), { padding: [32, 32], maxZoom: 15 });
    } else {
      const only = points[0] ?? DEFAULT_MAP_CENTRE;
      map.setView([only.latitude, only.longitude], CITY_ZOOM);
    }
    const placed = markers.current;
    for (const point of points) {
      const marker = L.circleMarker([point.latitude, point.longitude], OTHER)
        .bindTooltip(point.name)
        .on("click", () => select.current(point.id))
        .addTo(map);
      // Each point is a button for the keyboard too: Tab reaches it, Enter or Space chooses it.
      const path = marker.getElement();
      if (path) {
        path.setAttribute("role", "button");
        path.setAttribute("tabindex", "0");
        path.setAttribute("aria-label", point.name);
        path.setAttribute("data-point", point.id);
        L.DomEvent.on(path as HTMLElement, "keydown", (event) => {
          const key = (event as KeyboardEvent).key;
          if (key !== "Enter" && key !== " ") return;
          L.DomEvent.preventDefault(event);
          select.current(point.id);
        });
      }
      placed.set(point.id, marker);
    }
    return () => {
      placed.clear();
      map.remove();
    };
  }, [points]);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      marker.setStyle(id === selectedId ? SELECTED : OTHER);
      if (id === selectedId) marker.bringToFront();
    }
  }, [selectedId, points]);

  return <MapCanvas ref={element} label={label} testId="pickup-points-map" />;
}
