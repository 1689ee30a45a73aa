// /profile, /profile/verification and /documents/{id} against a real libSQL file, R2 in memory and the Images
// double: the form's messages with nothing written, sanitising, the avatar's replacement, the verification rules for
// a person and a company, and who may read a document.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, verificationDocuments } from "#db/schema";
import { action as profileAction, loader as profileLoader } from "~/routes/_profiles+/profile._index";
import { action as verificationAction, loader as verificationLoader } from "~/routes/_profiles+/profile.verification";
import { loader as documentLoader } from "~/routes/_resources+/documents.$documentId";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, createBooking, createSignedInUser } from "./support/factories";
import { callRoute, formRequest, getRequest, ORIGIN, toastOf } from "./support/routes";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const bucket = () => ctx.context.cloudflare.env.PHOTOS as unknown as R2Bucket & { keys(): string[] };
const imageCalls = () => (ctx.context.env.images as unknown as { calls: { info: number; output: number } }).calls;

const signedIn = (options: Parameters<typeof createUser>[1] = {}) => createSignedInUser(ctx, options);

async function profileRow(id: string) {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

/** The toast a response set, as the next page would show it. */

function multipart(path: string, fields: Record<string, string>, files: Record<string, File>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body });
}

const jpeg = async (name = "me.jpg") =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 600, height: 400, channels: 3, background: "#36a" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );

const pdf = (name = "pasas.pdf", text = "identity") =>
  new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });

const htmlNamedJpg = () =>
  new File(["<html><script>alert(document.cookie)</script></html>"], "photo.jpg", { type: "image/jpeg" });

const GOOD = {
  intent: "update",
  fullName: "Ona Onaitė",
  phone: "+370 612 34567",
  location: "Kaunas",
  dateOfBirth: "1990-03-27",
  bio: "Vairuoju atsargiai.",
};

const postProfile = (cookie: string, fields: Record<string, string>) =>
  callRoute<{ intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }>(
    profileAction,
    formRequest("/profile?index&edit=1", fields, { cookie }),
    ctx.context,
  );

describe("/profile", () => {
  it("asks a guest to sign in (401), shows the signed-in user's own profile, and ?edit=1 is edit mode", async () => {
    const guest = await callRoute(profileLoader, getRequest("/profile"), ctx.context);
    expect(guest.status).toBe(401);
    expect(guest.data).toMatchObject({ signIn: true });

    const host = await signedIn({ isHost: true, verified: true, fullName: "Jonas Jonaitis" });
    await ctx.db
      .update(profiles)
      .set({ totalEarnings: 123_456, rating: 4.86, reviewCount: 7 })
      .where(eq(profiles.id, host.id));
    const renter = await createUser(ctx);
    const car = await createCar(ctx, host.id);
    const parties = { carId: car.id, renterId: renter.id, ownerId: host.id };
    await createBooking(ctx, parties, "completed");
    await createBooking(ctx, parties, "cancelled");
    const page = await callRoute<{ profile: Record<string, unknown>; editing: boolean }>(
      profileLoader,
      getRequest("/profile", { cookie: host.cookie }),
      ctx.context,
    );
    expect(page.status).toBe(200);
    expect(page.data.editing).toBe(false);
    expect(page.data.profile).toMatchObject({
      id: host.id,
      email: host.email,
      fullName: "Jonas Jonaitis",
      verificationStatus: "verified",
      isHost: true,
      totalEarnings: 123_456,
      rating: 4.86,
      reviewCount: 7,
      completedBookings: 1,
    });
    const edit = await callRoute<{ editing: boolean }>(
      profileLoader,
      getRequest("/profile?edit=1", { cookie: host.cookie }),
      ctx.context,
    );
    expect(edit.data.editing).toBe(true);
  });

  it("saves the details and says 'Profile Updated'", async () => {
    const user = await signedIn();
    const result = await postProfile(user.cookie, GOOD);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/profile");
    expect(await toastOf(result.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "profile:toasts.updated",
    });
    expect(await profileRow(user.id)).toMatchObject({
      fullName: "Ona Onaitė",
      phone: "+370 612 34567",
      location: "Kaunas",
      dateOfBirth: "1990-03-27",
      bio: "Vairuoju atsargiai.",
    });

    // Emptying the optional fields clears them.
    await postProfile(user.cookie, { intent: "update", fullName: "Ona Onaitė", phone: "", location: "", bio: "" });
    expect(await profileRow(user.id)).toMatchObject({ phone: null, location: null, dateOfBirth: null, bio: null });
  });

  it.each([
    ["fullName", "<script>", "validation.nameFormat"],
    ["fullName", "x", "validation.nameFormat"],
    ["fullName", "A".repeat(101), "validation.nameFormat"],
    ["phone", "call me maybe", "validation.phoneFormat"],
    ["phone", "12345", "validation.phoneFormat"],
    ["location", "K", "validation.locationFormat"],
    ["location", "K".repeat(201), "validation.locationFormat"],
    ["dateOfBirth", "2001-02-30", "profile:validation.dateOfBirthFormat"],
    ["dateOfBirth", "27.03.1990", "profile:validation.dateOfBirthFormat"],
    ["dateOfBirth", "2999-01-01", "profile:validation.dateOfBirthFuture"],
    ["dateOfBirth", `${new Date().getUTCFullYear() - 10}-01-01`, "profile:validation.dateOfBirthUnderage"],
  ])("%s %j: the message %s at the field, the values kept, nothing written", async (field, value, message) => {
    const user = await signedIn({ fullName: "Pradinis Vardas" });
    const before = await profileRow(user.id);
    const result = await postProfile(user.cookie, { ...GOOD, [field]: value });
    expect(result.status).toBe(400);
    expect(result.data.intent).toBe("update");
    expect(result.data.result.error).toEqual({ [field]: [message] });
    // conform puts what was typed back in the fields.
    expect(result.data.result.initialValue).toMatchObject({ ...GOOD, [field]: value });
    expect(await profileRow(user.id)).toEqual(before);
  });

  it("sanitises and caps: bio cut to 500, angle brackets and script-like text gone; a name of 100 is kept whole", async () => {
    const user = await signedIn();
    const name = `${"Ą".repeat(98)} B`;
    const result = await postProfile(user.cookie, {
      ...GOOD,
      fullName: name,
      location: "<b>Vilnius</b>",
      bio: `<script>alert(1)</script> javascript:alert(2) <img onerror=alert(3)> ${"y".repeat(700)}`,
    });
    expect(result.status).toBe(302);
    const row = await profileRow(user.id);
    expect(row.fullName).toBe(name);
    expect(row.location).toBe("bVilnius/b");
    expect(row.bio).toHaveLength(500);
    expect(row.bio).not.toMatch(/[<>]|javascript:|onerror=/i);
    expect(row.bio!.startsWith("scriptalert(1)/script alert(2) img alert(3)")).toBe(true);
  });

  it("does not take the e-mail, company details or anything else from the form", async () => {
    const company = await signedIn({ accountType: "company" });
    await postProfile(company.cookie, {
      ...GOOD,
      email: "hijack@example.lt",
      companyName: "UAB Kita",
      companyNumber: "999",
      verificationStatus: "verified",
    });
    expect(await profileRow(company.id)).toMatchObject({
      email: company.email,
      companyName: "UAB Testas",
      companyNumber: "123456789",
      verificationStatus: "pending",
      fullName: "Ona Onaitė",
    });
  });
});

describe("the avatar", () => {
  it("is stored in R2 and replaced: the new one is shown, the old object is gone", async () => {
    const user = await signedIn();
    const first = await callRoute(
      profileAction,
      multipart("/profile?index", { intent: "avatar" }, { avatar: await jpeg() }, user.cookie),
      ctx.context,
    );
    expect(first.status).toBe(302);
    expect(await toastOf(first.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "profile:toasts.updated",
    });
    const firstKey = (await profileRow(user.id)).avatarKey!;
    expect(firstKey).toMatch(new RegExp(`^avatars/${user.id}/`));
    const stored = await bucket().get(`${firstKey}/avatar.webp`);
    expect(stored?.httpMetadata?.contentType).toBe("image/webp");
    expect(stored!.size).toBeGreaterThan(0);

    const second = await callRoute(
      profileAction,
      multipart("/profile?index", { intent: "avatar" }, { avatar: await jpeg("new.png") }, user.cookie),
      ctx.context,
    );
    expect(second.status).toBe(302);
    const secondKey = (await profileRow(user.id)).avatarKey!;
    expect(secondKey).not.toBe(firstKey);
    expect(bucket().keys()).toContain(`${secondKey}/avatar.webp`);
    expect(bucket().keys()).not.toContain(`${firstKey}/avatar.webp`);
  });

  it.each([
    ["an HTML page named .jpg", htmlNamedJpg, "validation.photoType"],
    ["a PDF", () => pdf("me.jpg"), "validation.photoType"],
    [
      "a 6 MB image",
      () => new File([new Uint8Array([0xff, 0xd8, 0xff, ...new Uint8Array(6 * 1024 * 1024)])], "big.jpg"),
      "validation.photoSize",
    ],
    ["no file at all", () => new File([], ""), "profile:avatar.required"],
  ])("%s is refused at the field and nothing is stored", async (_name, makeFile, message) => {
    const user = await signedIn();
    await callRoute(
      profileAction,
      multipart("/profile?index", { intent: "avatar" }, { avatar: await jpeg() }, user.cookie),
      ctx.context,
    );
    const before = await profileRow(user.id);
    const keys = bucket().keys().length;
    const calls = { ...imageCalls() };
    const result = await callRoute<{ intent: string; error: string }>(
      profileAction,
      multipart("/profile?index", { intent: "avatar" }, { avatar: makeFile() }, user.cookie),
      ctx.context,
    );
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ intent: "avatar", error: message });
    expect(bucket().keys()).toHaveLength(keys);
    expect(imageCalls()).toEqual(calls);
    expect(await profileRow(user.id)).toEqual(before);
  });

  it("an image the Images binding cannot read: 'Upload Failed / Error uploading avatar', the old photo stays", async () => {
    const user = await signedIn();
    const good = new Uint8Array(await (await jpeg()).arrayBuffer());
    const truncated = new File([good.slice(0, 200)], "cut.jpg", { type: "image/jpeg" });
    const keys = bucket().keys().length;
    const result = await callRoute(
      profileAction,
      multipart("/profile?index", { intent: "avatar" }, { avatar: truncated }, user.cookie),
      ctx.context,
    );
    expect(result.status).toBe(303);
    expect(await toastOf(result.headers, ctx.context.env)).toMatchObject({
      type: "error",
      title: "profile:toasts.uploadFailed",
      description: "profile:toasts.uploadFailedText",
    });
    expect(bucket().keys()).toHaveLength(keys);
    expect((await profileRow(user.id)).avatarKey).toBeNull();
  });
});

// ------------------------------------------------------------------ verification

const upload = (cookie: string, kind: string, file: File) =>
  callRoute<{ intent: string; kind: string | null; error: string }>(
    verificationAction,
    multipart("/profile/verification", { intent: "upload", kind }, { document: file }, cookie),
    ctx.context,
  );

const submit = (cookie: string) =>
  callRoute<{ intent: string; error: string; missing?: string[] }>(
    verificationAction,
    formRequest("/profile/verification", { intent: "submit" }, { cookie }),
    ctx.context,
  );

const documentsOf = (userId: string) =>
  ctx.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId));

describe("verification for a person", () => {
  it("uploads an identity document and a driving licence, replaces one, then submits for review", async () => {
    const user = await signedIn();
    const page = await callRoute<{ verification: { required: string[]; missing: string[]; status: string } }>(
      verificationLoader,
      getRequest("/profile/verification", { cookie: user.cookie }),
      ctx.context,
    );
    expect(page.data.verification).toMatchObject({
      required: ["identity", "driving_licence"],
      missing: ["identity", "driving_licence"],
      status: "pending",
    });

    const first = await upload(user.cookie, "identity", pdf("C:\\fakepath\\Pasas.pdf"));
    expect(first.status).toBe(302);
    expect(first.location).toBe("/profile/verification");
    expect(await toastOf(first.headers, ctx.context.env)).toMatchObject({ title: "profile:toasts.documentUploaded" });
    const [identity] = await documentsOf(user.id);
    expect(identity).toMatchObject({ kind: "identity", contentType: "application/pdf", fileName: "Pasas.pdf" });
    expect(bucket().keys()).toContain(identity!.storageKey);

    // Only one kind uploaded: not submittable yet, and nothing changes.
    const early = await submit(user.cookie);
    expect(early.status).toBe(400);
    expect(early.data).toMatchObject({ error: "profile:verification.errors.missing", missing: ["driving_licence"] });
    expect((await profileRow(user.id)).verificationSubmittedAt).toBeNull();

    // A new identity document replaces the old one: one row per kind, the old object deleted.
    const replaced = await upload(user.cookie, "identity", await jpeg("id-card.jpg"));
    expect(replaced.status).toBe(302);
    const afterReplace = await documentsOf(user.id);
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace[0]).toMatchObject({ kind: "identity", contentType: "image/jpeg", fileName: "id-card.jpg" });
    expect(bucket().keys()).not.toContain(identity!.storageKey);
    expect(bucket().keys()).toContain(afterReplace[0]!.storageKey);

    await upload(user.cookie, "driving_licence", pdf("teises.pdf"));
    const sent = await submit(user.cookie);
    expect(sent.status).toBe(302);
    expect(await toastOf(sent.headers, ctx.context.env)).toMatchObject({ title: "profile:toasts.submitted" });
    const submitted = await profileRow(user.id);
    expect(submitted.verificationStatus).toBe("pending");
    expect(submitted.verificationSubmittedAt).toBeInstanceOf(Date);

    // Already under review: not submitted twice.
    const twice = await submit(user.cookie);
    expect(twice.status).toBe(409);
    expect(twice.data.error).toBe("profile:verification.errors.underReview");

    // A new file takes the set out of review; the user sends it again.
    await upload(user.cookie, "driving_licence", pdf("teises-2.pdf"));
    expect((await profileRow(user.id)).verificationSubmittedAt).toBeNull();
    expect((await submit(user.cookie)).status).toBe(302);
  });

  it.each([
    ["an HTML page named .jpg", htmlNamedJpg, "validation.documentType"],
    ["a Windows program named .pdf", () => new File(["MZ\x90\x00"], "x.pdf"), "validation.documentType"],
    [
      "a PDF of 10 MB",
      () => {
        const bytes = new Uint8Array(10 * 1024 * 1024);
        bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
        return new File([bytes], "big.pdf");
      },
      "validation.documentSize",
    ],
    ["no file", () => new File([], ""), "profile:verification.errors.fileRequired"],
  ])("%s is refused at its field and nothing is stored", async (_name, makeFile, message) => {
    const user = await signedIn();
    const keys = bucket().keys().length;
    const result = await upload(user.cookie, "identity", makeFile());
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ intent: "upload", kind: "identity", error: message });
    expect(bucket().keys()).toHaveLength(keys);
    expect(await documentsOf(user.id)).toHaveLength(0);
  });

  it("a person cannot upload a company's kind of document", async () => {
    const user = await signedIn();
    const result = await upload(user.cookie, "company_registration", pdf());
    expect(result.status).toBe(400);
    expect(result.data.error).toBe("profile:verification.errors.kind");
    expect(await documentsOf(user.id)).toHaveLength(0);
  });

  it("a rejected user may send again (the old note goes); a verified user can neither upload nor submit", async () => {
    const rejected = await signedIn();
    await upload(rejected.cookie, "identity", pdf());
    await upload(rejected.cookie, "driving_licence", pdf());
    await ctx.db
      .update(profiles)
      .set({
        verificationStatus: "rejected",
        verificationNote: "Neryški nuotrauka",
        verificationSubmittedAt: new Date(0),
      })
      .where(eq(profiles.id, rejected.id));
    expect((await submit(rejected.cookie)).status).toBe(302);
    expect(await profileRow(rejected.id)).toMatchObject({ verificationStatus: "pending", verificationNote: null });
    expect((await profileRow(rejected.id)).verificationSubmittedAt!.getTime()).toBeGreaterThan(0);

    const verified = await signedIn({ verified: true });
    const keys = bucket().keys().length;
    const refused = await upload(verified.cookie, "identity", pdf());
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe("profile:verification.errors.verified");
    expect(bucket().keys()).toHaveLength(keys);
    expect(await documentsOf(verified.id)).toHaveLength(0);
    const again = await submit(verified.cookie);
    expect(again.status).toBe(409);
    expect(await profileRow(verified.id)).toMatchObject({
      verificationStatus: "verified",
      verificationSubmittedAt: null,
    });
  });
});

describe("verification for a company", () => {
  it("needs the registration document and the representative's identity document", async () => {
    const company = await signedIn({ accountType: "company" });
    const page = await callRoute<{ verification: { required: string[] } }>(
      verificationLoader,
      getRequest("/profile/verification", { cookie: company.cookie }),
      ctx.context,
    );
    expect(page.data.verification.required).toEqual(["company_registration", "representative_identity"]);

    expect((await upload(company.cookie, "identity", pdf())).data.error).toBe("profile:verification.errors.kind");
    expect((await upload(company.cookie, "company_registration", pdf("israsas.pdf"))).status).toBe(302);
    expect((await submit(company.cookie)).data).toMatchObject({ missing: ["representative_identity"] });
    expect((await upload(company.cookie, "representative_identity", await jpeg())).status).toBe(302);
    expect((await submit(company.cookie)).status).toBe(302);
    expect((await documentsOf(company.id)).map((d) => d.kind).sort()).toEqual([
      "company_registration",
      "representative_identity",
    ]);
    expect((await profileRow(company.id)).verificationSubmittedAt).toBeInstanceOf(Date);
  });
});

describe("/documents/{id}", () => {
  it("serves a document to its owner and to admins, privately; 403 for anyone else, 404 for an unknown id", async () => {
    const owner = await signedIn();
    const file = pdf("Vairuotojo pažymėjimas.pdf", "licence");
    await upload(owner.cookie, "driving_licence", file);
    const [document] = await documentsOf(owner.id);
    const path = `/documents/${document!.id}`;
    const params = { documentId: document!.id };

    const own = await callRoute<string>(
      documentLoader,
      getRequest(path, { cookie: owner.cookie }),
      ctx.context,
      params,
    );
    expect(own.status).toBe(200);
    expect(own.data).toBe(await file.text());
    expect(Object.fromEntries(own.headers)).toMatchObject({
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-type": "application/pdf",
      // A PDF's script must not run in our origin: downloaded, never shown inline, and sandboxed all the same.
      "content-disposition": `attachment; filename="Vairuotojo pazymejimas.pdf"; filename*=UTF-8''Vairuotojo%20pa%C5%BEym%C4%97jimas.pdf`,
      "content-security-policy": "sandbox",
    });

    const admin = await signedIn({ isAdmin: true });
    const asAdmin = await callRoute(documentLoader, getRequest(path, { cookie: admin.cookie }), ctx.context, params);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");

    const stranger = await signedIn();
    const other = await callRoute(documentLoader, getRequest(path, { cookie: stranger.cookie }), ctx.context, params);
    expect(other.status).toBe(403);
    expect(other.data).toBe("Forbidden");
    expect(other.headers.get("cache-control")).toBe("private, no-store");

    const guest = await callRoute(documentLoader, getRequest(path), ctx.context, params);
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(`/auth/signin?redirectTo=${encodeURIComponent(path)}`);

    const unknown = await callRoute(
      documentLoader,
      getRequest("/documents/nope", { cookie: owner.cookie }),
      ctx.context,
      { documentId: "nope" },
    );
    expect(unknown.status).toBe(404);
  });

  it("serves an image with its stored type and an extension to match", async () => {
    const owner = await signedIn();
    await upload(owner.cookie, "identity", await jpeg("scan.html"));
    const [document] = await documentsOf(owner.id);
    const result = await callRoute(
      documentLoader,
      getRequest(`/documents/${document!.id}`, { cookie: owner.cookie }),
      ctx.context,
      { documentId: document!.id },
    );
    expect(result.headers.get("content-type")).toBe("image/jpeg");
    expect(result.headers.get("content-disposition")).toBe(`inline; filename="scan.jpg"; filename*=UTF-8''scan.jpg`);
    expect(result.headers.get("content-security-policy")).toBe("sandbox");
  });
});
