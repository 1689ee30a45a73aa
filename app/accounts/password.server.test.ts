import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "~/accounts/password.server";

describe("password hashing", () => {
  it("stores algorithm, iterations, salt and hash, and verifies", async () => {
    const stored = await hashPassword("Demo!pass1", "pepper");
    expect(stored).toMatch(
      new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`),
    );
    expect(await verifyPassword("Demo!pass1", stored, "pepper")).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword("demo!pass1", stored, "pepper")).valid).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same", "p")).not.toBe(await hashPassword("same", "p"));
  });
  it("depends on the pepper: a stolen table without it verifies nothing", async () => {
    const stored = await hashPassword("Demo!pass1", "the-real-pepper");
    expect((await verifyPassword("Demo!pass1", stored, "another-pepper")).valid).toBe(false);
  });
  it("asks for a rehash of hashes made with fewer iterations", async () => {
    const old = await hashPassword("Demo!pass1", "p", 1000);
    expect(await verifyPassword("Demo!pass1", old, "p")).toEqual({ valid: true, needsRehash: true });
  });
  it("refuses malformed stored values instead of throwing", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", "pbkdf2-sha256$0$a$b", "pbkdf2-sha256$abc$a$b"]) {
      expect((await verifyPassword("x", stored, "p")).valid).toBe(false);
    }
  });
});
