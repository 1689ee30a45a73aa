// The order of `npm run validate`'s checks (scripts/validate.ts runs them): the quick checks and the build use one
// core each (eslint, prettier, tsc and Vite's bundling are single-threaded), so they run side by side in two lanes,
// a lane's steps in order and its output printed whole when it ends; the tests, which fill both cores themselves, run
// after them, one suite at a time, their output streamed.

/** Steps are npm scripts. Lanes run at the same time; the steps of a lane one after another. */
export const LANES: string[][] = [
  ["lint", "typecheck"],
  ["build", "worker-size"],
];
export const THEN: string[] = ["test:unit", "test:e2e"];

export interface StepResult {
  code: number;
  output: string;
}
export type RunStep = (script: string, options: { stream: boolean }) => Promise<StepResult>;

/** Runs the lanes, then the suites; resolves to the exit code: the first failure's, or 0. */
export async function validate(run: RunStep, print: (text: string) => void): Promise<number> {
  const lanes = await Promise.all(
    LANES.map(async (steps) => {
      let output = "";
      for (const step of steps) {
        const result = await run(step, { stream: false });
        output += result.output;
        if (result.code !== 0) return { code: result.code, output: output + `\n✗ npm run ${step} failed\n` };
      }
      return { code: 0, output };
    }),
  );
  for (const lane of lanes) print(lane.output);
  const failed = lanes.find((lane) => lane.code !== 0);
  if (failed) return failed.code;
  for (const step of THEN) {
    const { code } = await run(step, { stream: true });
    if (code !== 0) return code;
  }
  return 0;
}
