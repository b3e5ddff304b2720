import type { User } from "@content-studio/contract";
import { Cpu, LogOut, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { NavLink, useNavigate } from "react-router";
import { BrandMark } from "../../components/brand-mark";
import { focusRing } from "../../components/ui/button";
import { IconButton } from "../../components/ui/icon-button";
import { useSignOut } from "../../features/auth/api/sign-out";
import { useAiServiceInfo } from "../../features/reference/api/get-ai-service-info";
import { ROLE_LABELS } from "../../features/users/components/roles";
import { cn } from "../../lib/cn";
import { NAV_ITEMS } from "./nav-items";

const NOT_CONFIGURED = "Not configured";
const headerButton = "rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900";

/**
 * Where the sidebar is shown: as the rail beside the page on wide screens (collapsible), or
 * inside the phone menu (always wide, with a close button; following a link closes the menu).
 */
type SidebarMode =
  | { kind: "rail"; collapsed: boolean; onToggle: () => void }
  | { kind: "menu"; onClose: () => void };

interface SidebarProps {
  user: User;
  mode: SidebarMode;
}

/** The app's navigation: wide (w-64) with labels, or icon-only (w-20). */
export function Sidebar({ user, mode }: SidebarProps) {
  const collapsed = mode.kind === "rail" && mode.collapsed;
  return (
    <aside
      aria-label="Sidebar"
      className={cn(
        "flex h-full shrink-0 flex-col overflow-hidden border-r border-slate-200 bg-white whitespace-nowrap",
        mode.kind === "menu"
          ? "w-72 max-w-[85vw]"
          : cn("transition-[width] duration-200", collapsed ? "w-20" : "w-64"),
      )}
    >
      <div
        className={cn(
          "flex border-b border-slate-200",
          collapsed ? "flex-col items-center gap-3 py-4" : "h-16 items-center justify-between px-4",
        )}
      >
        <div className="flex items-center gap-2.5">
          <BrandMark />
          {collapsed ? (
            <span className="sr-only">Content Studio</span>
          ) : (
            <span className="text-base font-semibold tracking-tight text-slate-900">
              Content Studio
            </span>
          )}
        </div>
        {mode.kind === "menu" ? (
          <IconButton
            label="Close menu"
            icon={X}
            onClick={mode.onClose}
            title="Close menu"
            className={headerButton}
          />
        ) : (
          <IconButton
            label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            icon={collapsed ? PanelLeftOpen : PanelLeftClose}
            onClick={mode.onToggle}
            aria-expanded={!collapsed}
            title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            className={headerButton}
          />
        )}
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === "/"}
                onClick={mode.kind === "menu" ? mode.onClose : undefined}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
                className={({ isActive }) =>
                  cn(
                    "flex h-10 items-center gap-3 rounded-md text-sm font-medium transition-colors",
                    collapsed ? "justify-center" : "px-3",
                    isActive
                      ? "bg-primary/10 text-primary-text"
                      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    focusRing,
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {collapsed ? null : <span className="truncate">{label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <SidebarFooter user={user} collapsed={collapsed} />
    </aside>
  );
}

function SidebarFooter({ user, collapsed }: { user: User; collapsed: boolean }) {
  const aiServiceInfo = useAiServiceInfo();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const provider = aiServiceInfo.data?.providerLabel || NOT_CONFIGURED;
  const model = aiServiceInfo.data?.model || NOT_CONFIGURED;
  const role = ROLE_LABELS[user.role];
  const initial = (user.name.trim()[0] ?? user.email[0] ?? "?").toUpperCase();

  const logOut = () =>
    signOut.mutate(undefined, { onSuccess: () => void navigate("/login", { replace: true }) });

  return (
    <div className="space-y-3 border-t border-slate-200 p-3">
      {collapsed ? (
        <div
          className="flex justify-center py-1 text-slate-400"
          title={`AI provider: ${provider} · Model: ${model}`}
        >
          <Cpu className="size-5" aria-hidden="true" />
          <span className="sr-only">{`AI provider: ${provider}, model: ${model}`}</span>
        </div>
      ) : (
        <div className="rounded-lg bg-slate-50 px-3 py-2.5">
          <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <Cpu className="size-3.5" aria-hidden="true" />
            AI provider
          </p>
          <p className="mt-1 truncate text-sm font-medium text-slate-900">{provider}</p>
          <p className="truncate text-xs text-slate-500">{model}</p>
        </div>
      )}

      <div className={cn("flex items-center gap-3", collapsed && "flex-col")}>
        <span
          aria-hidden={collapsed ? undefined : true}
          title={collapsed ? `${user.name} (${role})` : undefined}
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {initial}
        </span>
        {collapsed ? (
          <span className="sr-only">{`${user.name}, ${role}`}</span>
        ) : (
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{role}</p>
          </div>
        )}
        <IconButton
          label="Log out"
          icon={LogOut}
          onClick={logOut}
          disabled={signOut.isPending}
          title="Log out"
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        />
      </div>
      {signOut.isError ? (
        <p role="alert" className="text-xs text-red-600">
          {collapsed ? "Log out failed." : `Log out failed: ${signOut.error.message}`}
        </p>
      ) : null}
    </div>
  );
}
