// The Worker's build patches two libraries' source (route-matching-cache.ts, react-render-encoding.ts). Each edit names
// the exact text it replaces and how many times that text must be there, so that an upgrade which changes the text
// fails the build instead of leaving the library unpatched (slow again) or half patched (wrong).

/** One edit: the text as the library ships it, what it becomes, and how many times it must occur (once unless said). */
export interface Edit {
  from: string | RegExp;
  to: string;
  times?: number;
}

function occurrences(source: string, from: string | RegExp) {
  if (typeof from === "string") return source.split(from).length - 1;
  return source.match(new RegExp(from.source, `${from.flags.replace("g", "")}g`))?.length ?? 0;
}

/**
 * `source` with the edits made in order (each one to every occurrence of its text). Throws `whenChanged`, with what was
 * found, when an edit's text is not there exactly as many times as it says.
 */
export function patchChecked(source: string, edits: readonly Edit[], whenChanged: string): string {
  let result = source;
  for (const { from, to, times = 1 } of edits) {
    const found = occurrences(result, from);
    if (found !== times) {
      const text = typeof from === "string" ? from : from.source;
      throw new Error(`${whenChanged} (\`${text.slice(0, 60)}…\` found ${found} times; the patch expects ${times})`);
    }
    result =
      typeof from === "string"
        ? result.split(from).join(to)
        : result.replace(new RegExp(from.source, `${from.flags.replace("g", "")}g`), () => to);
  }
  return result;
}
