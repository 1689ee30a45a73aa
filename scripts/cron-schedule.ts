// The Worker's cron triggers for `npm start`: wrangler dev never fires them, so the start script does, on the schedule
// of wrangler.toml's [triggers] (read from the file, never repeated here), through wrangler's `--test-scheduled`
// endpoint, which runs the Worker's own `scheduled` handler. Cloudflare's cron syntax as far as our schedule needs it:
// five fields (minute, hour, day of month, month, day of week) of `*`, numbers, names (JAN, MON), ranges, lists and
// steps, in UTC as Cloudflare runs them; anything else is refused rather than misread.

/** The crons of the top-level [triggers] table (the local Worker's; [env.production.triggers] is production's). */
export function readCrons(wranglerToml: string): string[] {
  let table = "";
  for (const raw of wranglerToml.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) {
      table = header[1]!.trim();
      continue;
    }
    const crons = table === "triggers" ? /^crons\s*=\s*(\[.*\])$/.exec(line) : null;
    if (crons) {
      const list: unknown = JSON.parse(crons[1]!);
      if (!Array.isArray(list) || !list.every((cron) => typeof cron === "string")) {
        throw new Error(`wrangler.toml: [triggers] crons must be a list of strings, not ${crons[1]}`);
      }
      return list;
    }
  }
  return [];
}

const FIELDS = [
  { name: "minute", min: 0, max: 59, names: [] as string[] },
  { name: "hour", min: 0, max: 23, names: [] },
  { name: "day of month", min: 1, max: 31, names: [] },
  {
    name: "month",
    min: 1,
    max: 12,
    names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  },
  // 0 and 7 are both Sunday.
  { name: "day of week", min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
] as const;

export interface Cron {
  expression: string;
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether day of month and day of week were restricted: when both are, either one matching is enough. */
  anyDay: boolean;
  anyWeekday: boolean;
}

function parseField(text: string, field: (typeof FIELDS)[number], expression: string): Set<number> {
  const fail = () => new Error(`Cron "${expression}": cannot read its ${field.name} "${text}"`);
  const value = (part: string) => {
    const named = (field.names as readonly string[]).indexOf(part.toUpperCase());
    const n = named >= 0 ? named + (field.name === "month" ? 1 : 0) : /^\d+$/.test(part) ? Number(part) : NaN;
    if (!Number.isInteger(n) || n < field.min || n > field.max) throw fail();
    return n;
  };
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!range || !Number.isInteger(step) || step < 1 || (stepText !== undefined && !/^\d+$/.test(stepText))) {
      throw fail();
    }
    let [from, to] = [field.min as number, field.max as number];
    if (range !== "*") {
      const [a, b] = range.split("-");
      from = value(a!);
      to = b === undefined ? (stepText === undefined ? from : field.max) : value(b);
      if (to < from) throw fail();
    }
    for (let n = from; n <= to; n += step) values.add(field.name === "day of week" && n === 7 ? 0 : n);
  }
  return values;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Cron "${expression}": expected 5 fields, found ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, i) => parseField(part, FIELDS[i]!, expression));
  return {
    expression,
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    anyDay: parts[2] === "*",
    anyWeekday: parts[4] === "*",
  };
}

function matches(cron: Cron, at: Date): boolean {
  if (!cron.minutes.has(at.getUTCMinutes()) || !cron.hours.has(at.getUTCHours())) return false;
  if (!cron.months.has(at.getUTCMonth() + 1)) return false;
  const day = cron.days.has(at.getUTCDate());
  const weekday = cron.weekdays.has(at.getUTCDay());
  if (cron.anyDay || cron.anyWeekday) return day && weekday;
  return day || weekday;
}

const MINUTE_MS = 60_000;

/** The first minute strictly after `after` (UTC) at which the cron fires. */
export function nextRun(cron: Cron, after: Date): Date {
  let at = Math.floor(after.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  // A schedule that fires at all does so within about four years (29 February on a given weekday).
  for (const limit = at + 5 * 366 * 24 * 60 * MINUTE_MS; at <= limit; at += MINUTE_MS) {
    if (matches(cron, new Date(at))) return new Date(at);
  }
  throw new Error(`Cron "${cron.expression}" never fires`);
}

/**
 * Fires `fire(cron)` at each cron's times until stopped. A run still going when the next is due is not doubled:
 * the next time is counted from when the run ends (the jobs also guard themselves against overlapping runs).
 */
export function startCronRunner(
  expressions: string[],
  fire: (cron: string) => Promise<void>,
  clock: { now(): Date } = { now: () => new Date() },
): { stop(): void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  for (const cron of expressions.map(parseCron)) {
    const arm = () => {
      if (stopped) return;
      const now = clock.now();
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void fire(cron.expression)
            .catch((error: unknown) => console.error(`scheduled run (${cron.expression}) failed:`, error))
            .finally(arm);
        },
        nextRun(cron, now).getTime() - now.getTime(),
      );
      timers.add(timer);
    };
    arm();
  }
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
