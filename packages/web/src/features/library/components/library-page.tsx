import type { Industry, Persona } from "@content-studio/contract";
import { Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { LibraryFilters } from "./library-filters";
import { LibraryResults } from "./library-results";
import { useLibraryScreen } from "./use-library-screen";

interface LibraryPageProps {
  personas: Persona[];
  industries: Industry[];
  canCreate: boolean;
}

/** /library: every stored item, searched, filtered, sorted and paged on the server. */
export function LibraryPage({ personas, industries, canCreate }: LibraryPageProps) {
  const screen = useLibraryScreen();
  const { trash } = screen;

  return (
    <div>
      <PageHeader
        title={trash ? "Trash" : "Content Library"}
        description={
          trash
            ? "Deleted content stays here for 30 days, then it is removed for good."
            : "Every piece of content you have generated, with its status and quality."
        }
        actions={
          <>
            <Link
              to={trash ? "/library" : "/library?view=trash"}
              className={buttonClasses("secondary")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {trash ? "Back to library" : "Trash"}
            </Link>
            {canCreate ? (
              <Link to="/generate" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                New Content
              </Link>
            ) : null}
          </>
        }
      />

      <LibraryFilters {...screen.filterPanel} personas={personas} industries={industries} />

      <LibraryResults {...screen.results} />
    </div>
  );
}
