// "Show on map": a map's code (Leaflet) loads on the first click. Without JavaScript there is no button; the page
// works without the map.
import { Suspense, useState, type ReactNode } from "react";
import { Icon } from "~/components/ui/icons";
import { useHydrated } from "~/utils/use-hydrated";

export function MapToggle({
  labels,
  children,
}: {
  labels: { show: string; hide: string; loading: string };
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline"
      >
        <Icon name="globe" className="size-4" />
        {open ? labels.hide : labels.show}
      </button>
      {open ? (
        <Suspense fallback={<p className="mt-3 text-sm text-muted">{labels.loading}</p>}>{children}</Suspense>
      ) : null}
    </div>
  );
}
