/** @jest-environment node */
import { ApiError } from "@/lib/api/errors.server";
import { readMultipart, UploadedFile } from "@/lib/api/multipart.server";

/**
 * The upload reader (lib/api/multipart.server.ts): what a browser's FormData sends, read a slice at a
 * time, the same fields and files as the platform's formData(); broken forms are a 400, big ones a 413.
 */
const noTurn = async () => {};

async function encoded(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { type: request.headers.get("content-type")!, bytes: new Uint8Array(await request.arrayBuffer()) };
}

/** A request whose body arrives in chunks of `chunk` bytes (a boundary may fall across two). */
function streamed(bytes: Uint8Array, type: string, chunk: number, headers: Record<string, string> = {}) {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  return new Request("http://localhost/", { method: "POST", body, headers: { "content-type": type, ...headers }, duplex: "half" } as RequestInit);
}

const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError ? error.status : 500),
  );

describe("readMultipart", () => {
  it("reads a browser's fields and files, as sent, whatever the chunks", async () => {
    const content = "BEGIN:VCALENDAR\r\n--not-a-boundary\r\n\r\nEND:VCALENDAR\r\n";
    const form = new FormData();
    form.append("dry_run", "true");
    form.append("file", new File([content], "Écoles été.ics", { type: "text/calendar" }));
    form.append("file", new File([new Uint8Array([0, 255, 13, 10])], "b.bin"));
    form.append("note", "Ünïcode, \"quoted\"\r\nsecond line");
    const { type, bytes } = await encoded(form);
    for (const chunk of [1, 7, 64, bytes.byteLength]) {
      const read = await readMultipart(streamed(bytes, type, chunk), 1024 * 1024, noTurn);
      expect(read.get("dry_run")).toBe("true");
      expect(read.get("note")).toBe("Ünïcode, \"quoted\"\r\nsecond line");
      const [first, second] = read.getAll("file") as UploadedFile[];
      expect(first).toBeInstanceOf(UploadedFile);
      expect([first!.name, first!.type, first!.size]).toEqual(["Écoles été.ics", "text/calendar", content.length]);
      expect(new TextDecoder().decode(first!.bytes)).toBe(content);
      expect([...second!.bytes]).toEqual([0, 255, 13, 10]);
      expect(read.get("missing")).toBeNull();
    }
  });

  it("keeps each file in shared memory of its own (a worker reads it without a copy)", async () => {
    const form = new FormData();
    form.append("file", new File(["abc"], "a.csv"));
    const { type, bytes } = await encoded(form);
    const file = (await readMultipart(streamed(bytes, type, 5), 1024, noTurn)).get("file") as UploadedFile;
    expect(Object.prototype.toString.call(file.bytes.buffer)).toBe("[object SharedArrayBuffer]");
    expect(file.bytes.buffer.byteLength).toBe(3);
  });

  it("reads a quoted boundary, a preamble and an epilogue", async () => {
    const body = 'preamble\r\n--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--a b--\r\nepilogue';
    const read = await readMultipart(
      streamed(new TextEncoder().encode(body), 'multipart/form-data; boundary="a b"', 3),
      1024,
      noTurn,
    );
    expect(read.get("x")).toBe("1");
  });

  it("leaves out a part that names no form field (the route then finds no file)", async () => {
    const body = "--xyz\r\nContent-Type: text/plain\r\n\r\nnameless\r\n--xyz--";
    const read = await readMultipart(streamed(new TextEncoder().encode(body), "multipart/form-data; boundary=xyz", 4), 1024, noTurn);
    expect(read.getAll("file")).toEqual([]);
    expect(read.get("")).toBeNull();
  });

  it("refuses a form with more parts than any of the app's forms (400)", async () => {
    const parts = Array.from({ length: 101 }, (_, i) => `--xyz\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`).join("");
    const request = streamed(new TextEncoder().encode(`${parts}--xyz--`), "multipart/form-data; boundary=xyz", 64);
    expect(await statusOf(readMultipart(request, 1024 * 1024, noTurn))).toBe(400);
  });

  it("refuses a form that is broken (400), too large (413) or not multipart (415)", async () => {
    const type = "multipart/form-data; boundary=xyz";
    const send = (body: string, contentType = type, limit = 1024) =>
      statusOf(readMultipart(streamed(new TextEncoder().encode(body), contentType, 4), limit, noTurn));
    expect(await send("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end")).toBe(400);
    expect(await send("--xyz\r\nno headers end")).toBe(400);
    expect(await send("no delimiter at all")).toBe(400);
    expect(await send("--xyz--", "multipart/form-data")).toBe(400);
    expect(await send("--xyz--")).toBe(200);
    expect(await send(`--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"x".repeat(2000)}\r\n--xyz--`)).toBe(413);
    expect(await send("{}", "application/json")).toBe(415);
    const declared = streamed(new TextEncoder().encode("--xyz--"), type, 4, { "content-length": "5000" });
    expect(await statusOf(readMultipart(declared, 1024, noTurn))).toBe(413);
  });
});
