import {
  BookOpen,
  FolderOpen,
  LayoutDashboard,
  Megaphone,
  type LucideIcon,
  PenLine,
  Settings,
  ShieldCheck,
  Target,
} from "lucide-react";

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar, in product order: Dashboard first, Settings last. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", icon: LayoutDashboard },
  { to: "/target-audience", label: "Target Audience", icon: Target },
  { to: "/generate", label: "Generate Content", icon: PenLine },
  { to: "/campaigns", label: "Campaigns", icon: Megaphone },
  { to: "/library", label: "Content Library", icon: BookOpen },
  { to: "/examples", label: "Example Repository", icon: FolderOpen },
  { to: "/proof-library", label: "Proof Library", icon: ShieldCheck },
  { to: "/settings", label: "Settings", icon: Settings },
];
