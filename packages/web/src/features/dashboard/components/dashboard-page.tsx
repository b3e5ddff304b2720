import { PenLine } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";

/** `/`: greets the signed-in user. */
export function DashboardPage({ userName }: { userName?: string }) {
  return (
    <PageHeader
      title="Dashboard"
      description={`Welcome back, ${userName || "User"}`}
      actions={
        <Link to="/generate" className={buttonClasses()}>
          <PenLine className="size-4" aria-hidden="true" />
          Generate Content
        </Link>
      }
    />
  );
}
