// A server build of a few real route modules under the real root and entry.server, as Remix's handler takes it: for
// tests that render whole documents the way the Worker does (no Vite, no client assets; the asset paths are names).
import type { ServerBuild } from "@remix-run/cloudflare";
import * as entry from "~/entry.server";
import * as root from "~/root";
import remixConfig from "../../../remix.config";

export type TestRoute = { module: unknown; path?: string; index?: boolean; hasAction?: boolean };

function routeAssets(id: string, parentId: string | undefined, route: Omit<TestRoute, "module">) {
  return {
    id,
    parentId,
    path: route.path,
    index: route.index,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    hasLoader: true,
    hasAction: route.hasAction ?? false,
    hasErrorBoundary: id === "root",
    hasClientLoader: false,
    hasClientAction: false,
  };
}

/** The routes, by id, as children of the root layout. */
export function testServerBuild(routes: Record<string, TestRoute>): ServerBuild {
  const entries = Object.entries(routes);
  return {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: root },
      ...Object.fromEntries(entries.map(([id, route]) => [id, { id, parentId: "root", ...route }])),
    },
    assets: {
      version: "test",
      url: "/assets/manifest.js",
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: {
        root: routeAssets("root", undefined, { path: "" }),
        ...Object.fromEntries(entries.map(([id, route]) => [id, routeAssets(id, "root", route)])),
      },
    },
    future: remixConfig.future,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    isSpaMode: false,
  } as unknown as ServerBuild;
}
