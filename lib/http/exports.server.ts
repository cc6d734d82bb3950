import "server-only";
import type { ApiTokenCaller } from "@/lib/api-tokens/authenticate.server";
import type { Principal } from "@/lib/auth/principal";
import { ApiError } from "@/lib/api/errors.server";
import { FileAnswer } from "@/lib/api/answers";

/**
 * At most a few exports at a time per caller (five concurrent 53 MB SIS exports on one
 * token doubled the server's memory). A caller is one session or one API token; its slot is held
 * while the export is built and, for a streamed file, until the download ends or is abandoned.
 * Counted in this process (each instance of the app has its own count).
 */
export const MAX_EXPORTS_PER_CALLER = 2;
/** What a refused export is told to wait, in seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

const running = new Map<string, number>();

/** The caller an export counts against: their API token, else their session. */
export const exportCaller = (user: Principal | null, apiToken: ApiTokenCaller | null): string =>
  apiToken ? `token:${apiToken.id}` : `session:${user?.sessionId ?? "none"}`;

/** How many exports a caller has running (tests). */
export const exportsRunning = (caller: string) => running.get(caller) ?? 0;

/** Takes one of the caller's export slots (429 with Retry-After when all are taken); answers its release, idempotent. */
export function takeExportSlot(caller: string): () => void {
  const taken = running.get(caller) ?? 0;
  if (taken >= MAX_EXPORTS_PER_CALLER) {
    throw new ApiError(
      429,
      "too_many_exports",
      `At most ${MAX_EXPORTS_PER_CALLER} exports run at a time for one sign-in or API token: wait for one to finish.`,
      undefined,
      { "retry-after": String(EXPORT_RETRY_AFTER_SECONDS) },
    );
  }
  running.set(caller, taken + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(caller) ?? 1) - 1;
    if (left > 0) running.set(caller, left);
    else running.delete(caller);
  };
}

/**
 * Runs an export with one of the caller's slots. A streamed file keeps it until its body is read to
 * the end, cancelled (the download abandoned) or failed; any other answer (JSON, a whole text) gives it
 * back once built.
 */
export async function withExportSlot<T>(caller: string, build: () => Promise<T>): Promise<T> {
  const release = takeExportSlot(caller);
  let result: T;
  try {
    result = await build();
  } catch (error) {
    release();
    throw error;
  }
  if (!(result instanceof FileAnswer) || !(result.body instanceof ReadableStream)) {
    release();
    return result;
  }
  return result.withBody(releasedWhenRead(result.body, release)) as T;
}

/** The stream, giving the slot back when it ends, fails or is cancelled. */
function releasedWhenRead(stream: ReadableStream<Uint8Array>, release: () => void) {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
}
