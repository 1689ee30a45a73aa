import type { AppLoadContext } from "@remix-run/cloudflare";
export async function runScheduledJobs(_context: AppLoadContext, _now: Date) {}
