// Part 1 §5 "Text sanitising": angle brackets and script-like prefixes are stripped, then the text is cut to its cap.
// React escapes everything it renders; this keeps stored text clean for e-mails, exports and other readers.

export const TEXT_CAPS = { description: 2000, rules: 1000, bio: 500, name: 100, default: 1000 } as const;

const SCRIPT_LIKE = /(?:javascript|vbscript|data)\s*:|\bon[a-z]+\s*=/gi;

export function sanitizeText(input: string, maxLength: number = TEXT_CAPS.default): string {
  let text = input.replace(/[<>]/g, "");
  // Repeat until stable, so "javajavascript:script:" cannot reassemble itself.
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(SCRIPT_LIKE, "");
  }
  return text.trim().slice(0, maxLength);
}

/** Trims and cuts to a length without the other sanitising (e.g. a message subject). */
export function truncate(input: string, maxLength: number): string {
  return input.trim().slice(0, maxLength);
}
