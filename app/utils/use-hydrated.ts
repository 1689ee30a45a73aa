import { useEffect, useState } from "react";

/** True once React has hydrated: controls that only work with JavaScript render from then on. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
