import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** A thin decorative bar at the top while a navigation is pending, shown only if it takes longer than 150 ms. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div
      aria-hidden="true"
      data-testid="progress-bar"
      data-visible={visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5"
    >
      {visible ? <div className="progress-bar h-full bg-primary" /> : null}
    </div>
  );
}
