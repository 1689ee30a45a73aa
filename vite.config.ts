import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import remixConfig from "./remix.config";
import { reactRenderEncoding } from "./scripts/react-render-encoding";
import { routeMatchingCache } from "./scripts/route-matching-cache";

const lite = (file: string) => fileURLToPath(new URL(`./app/i18n/lite/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
    routeMatchingCache(),
    reactRenderEncoding(),
  ],
  ssr: {
    // The server bundle runs in workerd: resolve packages to their worker builds.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    noExternal: true,
    target: "webworker",
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    // The production build, browser and Worker, gets a small implementation of the part of i18next and react-i18next
    // the app uses (it also serves remix-i18next's imports): a smaller script, and on the server a cheaper `t`. Dev
    // keeps the real ones. docs/decisions/007.
    alias:
      command === "build"
        ? [
            { find: /^i18next$/, replacement: lite("i18next.ts") },
            { find: /^react-i18next$/, replacement: lite("react-i18next.tsx") },
          ]
        : [],
  },
  build: {
    minify: true,
    cssMinify: true,
    sourcemap: false,
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            // The framework in one chunk every page shares. Left to itself, Rollup splits it as soon as some lazy chunk
            // needs only part of it (React without the router, say), and each extra chunk costs every page bytes.
            manualChunks(id) {
              if (
                /node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//.test(
                  id,
                )
              )
                return "framework";
              // What the root layout loads on every page anyway, as one chunk instead of a dozen small ones (each
              // chunk costs its own import lines and gzip framing on every first load). Only modules in the root's
              // static graph belong here; lazy ones (dialogs, panels, live updates, the header search's dropdown)
              // stay out. zod (26 KB gzip) reaches only pages that validate a form in the browser: rules the
              // browser runs elsewhere live in zod-free modules (*-rules.ts), schemas beside them.
              if (
                /\/app\/(components\/(auth\/auth-link|ui\/(icons|button|field-errors)|shell\/(header|newsletter-form))|utils\/(images|format|use-hydrated|meta|nonce)|i18n\.ts|i18n\/lite\/)/.test(
                  id,
                )
              )
                return "shell";
              return undefined;
            },
          },
      onwarn(warning, warn) {
        // zod ships a /*@__PURE__*/ comment where Rollup cannot use it; harmless, and not ours to fix.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        // Resource routes (sign-out, images, theme) have no browser code: their client chunk is empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
}));
