import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { logout } from "@/lib/auth/service";

// POST /api/logout: end this device's session
export const POST = route({ roles: ROLES.anyone, allowExpiredPassword: true }, ({ db, user }) => logout(db, user));
