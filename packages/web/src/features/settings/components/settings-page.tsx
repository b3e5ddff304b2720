import type { Role } from "@content-studio/contract";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/ui/page-header";

interface SettingsPageProps {
  /** The signed-in user's role: admin-only sections are hidden from everyone else. */
  role: Role;
  /** User management, shown to admins only. */
  usersCard?: ReactNode;
  /** Example Repository (spec §2); every role sees it, the card itself limits editing. */
  exampleRepositoryCard?: ReactNode;
}

/** /settings. */
export function SettingsPage({ role, usersCard, exampleRepositoryCard }: SettingsPageProps) {
  const isAdmin = role === "admin";
  return (
    <>
      <PageHeader title="Settings" />
      <div className="space-y-6">
        {exampleRepositoryCard}
        {isAdmin ? usersCard : null}
      </div>
    </>
  );
}
