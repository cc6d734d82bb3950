import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  CalendarRange,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  MonitorSmartphone,
  ScanLine,
  ScrollText,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { Role } from "@/components/auth/types";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Who sees it; everyone on the shell when absent. */
  roles?: readonly Role[];
}

/** The side menu (spec §2 Layout). The Power Scheduler and the Credentials Manager are for administrators. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/check-in", label: "Check-in", icon: ScanLine },
  // Who is falling through: the whole school for administrators, their own students for a teacher.
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/staff", label: "Staff", icon: UserRound },
  { href: "/students", label: "Students", icon: Users },
  // Every course and its sections; a teacher's own classes first.
  { href: "/courses", label: "Courses", icon: BookOpen },
  { href: "/power-scheduler", label: "Power Scheduler", icon: CalendarRange, roles: ["admin", "sysadmin"] },
  {
    href: "/credentials-manager",
    label: "Credentials Manager",
    icon: KeyRound,
    roles: ["admin", "sysadmin"],
  },
  // Teachers read it (which day type a date is, holidays); administrators change it.
  { href: "/calendar", label: "School calendar", icon: CalendarDays },
  { href: "/reports", label: "Reports", icon: ChartColumn },
  { href: "/settings", label: "Settings", icon: Settings },
  { href: "/setup", label: "Setup", icon: ListChecks, roles: ["admin", "sysadmin"] },
  { href: "/audit", label: "Audit Log", icon: ScrollText, roles: ["admin", "sysadmin"] },
  { href: "/kiosks", label: "Kiosks", icon: MonitorSmartphone, roles: ["admin", "sysadmin"] },
];

export const navItemsFor = (role: Role) =>
  NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role));

/** The item a path belongs to (for highlighting). */
export const isActive = (href: string, pathname: string) =>
  pathname === href || pathname.startsWith(`${href}/`);
