import { notFound } from "@/lib/api/errors.server";
import { route } from "@/lib/http/route.server";

// Any /api path no route serves: a JSON 404 rather than the fallback page.
const missing = route({ roles: "public" }, () => {
  throw notFound("No such API route.");
});
export { missing as GET, missing as POST, missing as PUT, missing as DELETE, missing as PATCH };
