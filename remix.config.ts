// The Remix options, kept apart from the Vite wiring so an upgrade to React Router stays a codemod.
import type { VitePluginConfig } from "@remix-run/dev";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default {
  appDirectory: "app",
  buildDirectory: "build",
  serverBuildFile: "index.js",
  serverModuleFormat: "esm",
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;
