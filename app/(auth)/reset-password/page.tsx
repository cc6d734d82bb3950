import { ResetPasswordScreen } from "@/components/login/reset-password-screen";

/** /reset-password?token=…: a forgotten-password email's link (outside the signed-in shell, like /login). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <ResetPasswordScreen token={typeof token === "string" && token ? token : null} />;
}
