// Passwords: PBKDF2-SHA256 through WebCrypto, peppered with a secret HMAC.
// The Workers runtime caps PBKDF2 at 100,000 iterations (OWASP asks 600,000), so each hash records its
// algorithm and iteration count: raising the count later rehashes at the next successful sign-in.
import { fromBase64Url, timingSafeEqual, toBase64Url } from "~/utils/crypto.server";

export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const encoder = new TextEncoder();

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  // The pepper lives outside the database, so a stolen table alone cannot be attacked offline.
  const pepperKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(pepper),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, encoder.encode(password));
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string) {
  const [algorithm, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) {
    return { valid: false, needsRehash: false };
  }
  const actual = await derive(password, pepper, fromBase64Url(saltText), iterations);
  const valid = timingSafeEqual(actual, fromBase64Url(hashText));
  return { valid, needsRehash: valid && iterations < PBKDF2_ITERATIONS };
}

let dummyHash: Promise<string> | undefined;
/**
 * Spend the same time as a real check when the e-mail is unknown, so response times do not reveal accounts.
 * The cached value is a hash of a constant, not configuration, so module scope is safe here.
 */
export async function spendPasswordCheckTime(pepper: string) {
  dummyHash ??= hashPassword("not-a-real-password", "timing-equaliser");
  await verifyPassword("not-a-real-password", await dummyHash, pepper);
}
