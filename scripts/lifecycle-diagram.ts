// Prints the booking lifecycle's picture (a Mermaid state diagram generated from app/bookings/booking-lifecycle.ts),
// or with --write puts it into docs/decisions/034-booking-lifecycle.md between its markers. A test keeps the record's
// picture equal to the table (app/bookings/booking-lifecycle.test.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lifecycleDiagram } from "~/bookings/lifecycle-record";
import { LIFECYCLE_RECORD, withDiagram } from "~/bookings/lifecycle-record";

const diagram = lifecycleDiagram();
if (process.argv.includes("--write")) {
  const file = fileURLToPath(new URL(`../${LIFECYCLE_RECORD}`, import.meta.url));
  writeFileSync(file, withDiagram(readFileSync(file, "utf8"), diagram));
} else {
  console.log(diagram);
}
