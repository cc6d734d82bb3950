/** @jest-environment node */
import { POST as uploadLogoRoute } from "@/app/api/settings/logo/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { GET as publicSettings } from "@/app/api/settings/unauthenticated/route";
import { GET as staticLogo } from "@/app/static/images/logos/[file]/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 23 item 18 (spec §7 is a contract): the original client reads settings `school_logo.value` as
 * a file name under /static/images/logos/. The value is that file name, the logo is served there too,
 * and our URL travels in the added `school_logo.url`.
 */
const state = useTestDb();
let token: string;

/** A PNG's signature and IHDR chunk (40 × 20), enough for a browser's and our checks. */
function png(width: number, height: number) {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "latin1");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8;
  bytes[25] = 6;
  return new Uint8Array(bytes);
}

async function uploadPng() {
  const form = new FormData();
  form.set("file", new Blob([png(40, 20) as BlobPart], { type: "image/png" }), "crest.png");
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
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(png(40, 20));
    // Without an id: the newest logo.
    expect((await serve("logo.png")).status).toBe(200);
  });

  it("answers 404 for a name that is not a logo's and for a logo that does not exist", async () => {
    for (const file of ["../../etc/passwd", "logo-999999.png", "crest.png", "logo-0.png", "logo-1.gif"]) {
      expect([file, (await serve(file)).status]).toEqual([file, 404]);
    }
  });
});
