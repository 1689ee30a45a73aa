// House rule: console.error during a test is a failure. A test that expects one asserts it and then clears the
// spy (`vi.mocked(console.error).mockClear()`).
import { afterEach, beforeEach, vi } from "vitest";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  const calls = vi.mocked(console.error).mock.calls;
  const first = calls[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called ${calls.length} time(s) during the test: ${first}`);
});
