import { route } from "@/lib/http/route.server";
import { unsubscribeAnswer } from "@/lib/reach/answers";
import { unsubscribeQuery } from "@/lib/reach/schemas";
import { resubscribe, unsubscribe } from "@/lib/reach/unsubscribe.server";

// POST /api/unsubscribe?token=: no sign-in (RFC 8058 one-click: a mail client posts
// `List-Unsubscribe=One-Click`, the page an empty body; the body is not read): turns the token's kind
// off for its address
export const POST = route({ roles: "public", query: unsubscribeQuery, response: unsubscribeAnswer }, ({ db, query }) => unsubscribe(db, query.token));

// DELETE /api/unsubscribe?token=: undo, the kind is sent to that address again
export const DELETE = route({ roles: "public", query: unsubscribeQuery, response: unsubscribeAnswer }, ({ db, query }) => resubscribe(db, query.token));
