// The sign-in/sign-up dialog's code, fetched once. It is not on the first load (decision 025), but it must be there
// before the tap that opens it (a phone at 4× CPU took 0.8–2.7 s to fetch and run it after the tap): the host asks
// for it when the page is idle after hydrating, and a link that opens the dialog on hover, focus or touch
// (app/utils/preload.ts, decision 025). Its texts come with it: a car page or a listing has no `auth` namespace, and
// the dialog asking for one on its first render suspended it for a round trip after the tap (decision 025).
import i18next from "i18next";

let loading: ReturnType<typeof importAuthDialog> | undefined;
let loaded: Awaited<ReturnType<typeof importAuthDialog>> | undefined;

const importAuthDialog = () =>
  Promise.all([import("~/components/auth/auth-dialog"), i18next.loadNamespaces(["auth"])]).then(([module]) => module);

export function loadAuthDialog() {
  loading ??= importAuthDialog().then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // offline for a moment: the next ask tries again
      throw error;
    },
  );
  return loading;
}

/**
 * The dialog's component once its code is here. Rendered directly, not through React.lazy: a lazy component
 * suspends on its first render even when its code has arrived, and React 18 then holds the content back until
 * 500 ms after the fallback was shown.
 */
export function loadedAuthDialog() {
  return loaded?.default;
}
