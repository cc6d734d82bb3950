/** @jest-environment node */
import { POST as uploadLogoRoute } from "@/app/api/settings/logo/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { GET as publicSettings } from "@/app/api/settings/unauthenticated/route";
import { GET as staticLogo } from "@/app/static/images/logos/[file]/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { jpegOf, pngOf, webpOf } from "../helpers/images";

/**
 * Spec §7 is a contract: the original client reads settings `school_logo.value` as
 * a file name under /static/images/logos/. The value is that file name, the logo is served there too,
 * and our URL travels in the added `school_logo.url`.
 */
const state = useTestDb();
let token: string;

let crest: Uint8Array;

async function uploadPng() {
  const form = new FormData();
  form.set("file", new Blob([crest as BlobPart], { type: "image/png" }), "crest.png");
  const request = new Request("http://localhost/api/settings/logo", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const response = await uploadLogoRoute(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

const serve = (file: string) => call(staticLogo, { params: { file } });

beforeAll(async () => {
  token = await tokenFor(state.db, await createAdmin(state.db));
  crest = await pngOf(40, 20);
});

describe("school_logo in the original client's terms", () => {
  it("is empty, with an empty url, before any upload; the static address answers 404", async () => {
    const res = await call(settingsRoute, { token });
    expect(res.body.values.school_logo).toMatchObject({ type: "string", value: "", url: "" });
    expect((await serve("logo.png")).status).toBe(404);
  });

  it("is the file name after an upload, our URL in url, and both addresses serve the same image", async () => {
    const res = await uploadPng();
    expect(res.status).toBe(201);
    const logo = res.body.values.school_logo;
    expect(logo.value).toMatch(/^logo-\d+\.png$/);
    const id = /^logo-(\d+)\.png$/.exec(logo.value)![1];
    expect(logo.url).toBe(`/api/settings/logo?v=${id}`);
    // The field keeps its type (a string), signed in and on the login screen alike.
    const signedOut = await call(publicSettings);
    expect(signedOut.body.values.school_logo).toMatchObject({ value: logo.value, url: logo.url });

    const served = await serve(logo.value);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = await staticLogo(new Request(`http://localhost/static/images/logos/${logo.value}`), {
      params: Promise.resolve({ file: logo.value }),
    });
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(crest);
    // Without an id: the newest logo.
    expect((await serve("logo.png")).status).toBe(200);
  });

  it("answers 404 for a name that is not a logo's and for a logo that does not exist", async () => {
    for (const file of ["../../etc/passwd", "logo-999999.png", "crest.png", "logo-0.png", "logo-1.gif"]) {
      expect([file, (await serve(file)).status]).toEqual([file, 404]);
    }
  });
});

describe("the logo's pixel dimensions (a huge image must not reach the browsers)", () => {
  const send = async (bytes: Uint8Array, type: string) => {
    const form = new FormData();
    form.set("file", new Blob([bytes as BlobPart], { type }), "big");
    const request = new Request("http://localhost/api/settings/logo", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const response = await uploadLogoRoute(request, { params: Promise.resolve({}) });
    return { status: response.status, body: await response.json() };
  };
  const huge = { width: 30_000, height: 30_000 };

  it.each([
    ["PNG", "image/png", () => pngOf(2, 1, huge)],
    ["JPEG", "image/jpeg", () => jpegOf(2, 1, huge)],
    ["WebP", "image/webp", () => webpOf(2, 1, { width: 16_000, height: 16_000 })],
    ["PNG one side too long", "image/png", () => pngOf(2, 1, { width: 4097, height: 10 })],
  ])("refuses a %s claiming more than 4096 pixels a side, in a few hundred bytes", async (_kind, type, make) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThan(2000);
    const res = await send(bytes, type);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(["The logo must be at most 4096 × 4096 pixels."]);
  });

  it("takes 4096 × 4096 and smaller, in each type", async () => {
    for (const [bytes, type] of [
      [await pngOf(2, 1, { width: 4096, height: 4096 }), "image/png"],
      [await jpegOf(3, 2), "image/jpeg"],
      [await webpOf(3, 2), "image/webp"],
    ] as const) {
      expect([type, (await send(bytes, type)).status]).toEqual([type, 201]);
    }
  });

  it("refuses bytes that start like an image but cannot be read as one", async () => {
    const truncated = (await pngOf(2, 1)).subarray(0, 20);
    const res = await send(truncated, "image/png");
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([
      "The logo could not be read as an image: save it again as a PNG, JPEG or WebP file.",
    ]);
  });
});
