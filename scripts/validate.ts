// npm run validate (what `npm test` and CI run): every check of the repository, in the lanes of validate-lanes.ts.
import { spawn } from "node:child_process";
import { type RunStep, validate } from "./validate-lanes";

const runNpmScript: RunStep = (script, { stream }) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

process.exitCode = await validate(runNpmScript, (text) => process.stdout.write(text));
