import NextAuth from "next-auth";
import { ssoOptions } from "@/lib/auth/sso";

// /api/auth/*: next-auth's single sign-on endpoints (providers, sign-in, callback)
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(request as never, context as never, ssoOptions());
}

export { handler as GET, handler as POST };
