// Migration 0013 on a database as the release before left it: packages written in English only, the seed's free
// "No additional insurance" package among them, and a booking that kept a package's name.
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrateUpTo } from "./partial-migration";

const dir = mkdtempSync(join(tmpdir(), "ratai-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("keeps what packages said as the English text, translates the seeded ones, and retires free packages", async () => {
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  const migrateRest = await migrateUpTo(client, "0013");

  const seeded = {
    coverage: ["Collision damage to the rented car", "Theft and attempted theft", "Fire and natural hazards"],
    features: ["24/7 claims hotline +370 700 55 400", "Emergency contact in Lithuanian and English"],
    exclusions: ["Glass, tyres and wheels", "Damage while driving under the influence", "Personal belongings"],
  };
  const insert = `insert into insurance_packages (id, name, provider, description, price_per_day, coverage_details,
    created_at, updated_at) values (?, ?, 'BTA', ?, ?, ?, 0, 0)`;
  await client.batch([
    {
      sql: insert,
      args: [
        "basic",
        "Basic Protection",
        "Covers collision damage and theft with a moderate deductible. A sensible minimum for city driving.",
        900,
        JSON.stringify(seeded),
      ],
    },
    { sql: insert, args: ["edited", "Basic Protection", "Changed by an admin", 900, JSON.stringify(seeded)] },
    { sql: insert, args: ["own", "Gold", "An admin's own", 1200, JSON.stringify({ ...seeded, features: [] })] },
    { sql: insert, args: ["free", "No additional insurance", null, 0, JSON.stringify(seeded)] },
  ]);
  await migrateRest();

  const rows = Object.fromEntries(
    (await client.execute("select * from insurance_packages")).rows.map((row) => [String(row.id), row]),
  );
  expect(rows.basic).toMatchObject({
    name_en: "Basic Protection",
    name_lt: "Bazinė apsauga",
    description_en:
      "Covers collision damage and theft with a moderate deductible. A sensible minimum for city driving.",
    description_lt:
      "Apima susidūrimo žalą ir vagystę, taikoma vidutinė išskaita. Protingas minimumas važinėjant mieste.",
    active: 1,
  });
  expect(JSON.parse(String(rows.basic!.coverage_details_en))).toEqual(seeded);
  expect(JSON.parse(String(rows.basic!.coverage_details_lt)).coverage[0]).toBe("Nuomojamo automobilio susidūrimo žala");
  // An admin's text is not the seed's: the English stays, copied, until someone translates it.
  expect(rows.edited).toMatchObject({ name_lt: "Bazinė apsauga", description_lt: "Changed by an admin" });
  expect(rows.own).toMatchObject({ name_lt: "Gold", name_en: "Gold", description_lt: "An admin's own" });
  expect(rows.free).toMatchObject({ name_lt: "Be papildomo draudimo", active: 0 });
  client.close();
});
