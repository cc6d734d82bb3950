/**
 * The offline check-in queue in IndexedDB, through idb-keyval (a small, well-kept wrapper): one
 * database and object store of its own, keyed by submission id.
 */
import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import type { QueuedCheckIn, QueueStore } from "./offline-queue";

const DATABASE = "flexblock-check-in";
const STORE = "queue";

export function idbQueueStore(): QueueStore {
  let store: UseStore | null = null;
  const handle = () => (store ??= createStore(DATABASE, STORE));
  return {
    async all() {
      return (await entries<string, QueuedCheckIn>(handle())).map(([, item]) => item);
    },
    put: (item) => set(item.id, item, handle()),
    remove: (id) => del(id, handle()),
  };
}
