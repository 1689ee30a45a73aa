import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import remixConfig from "./remix.config";

export default defineConfig({
  plugins: [cloudflareDevProxyVitePlugin({ getLoadContext }), remix(remixConfig), tailwindcss(), tsconfigPaths()],
  ssr: {
    // The server bundle runs in workerd: resolve packages to their worker builds.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    noExternal: true,
    target: "webworker",
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: {
    minify: true,
    cssMinify: true,
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships a /*@__PURE__*/ comment where Rollup cannot use it; harmless, and not ours to fix.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        // Resource routes (sign-out, images, theme) have no browser code: their client chunk is empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
});
