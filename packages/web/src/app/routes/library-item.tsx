import { useParams } from "react-router";
import { ResultViews } from "../../features/content/components/result-views";
import { LibraryItemPage } from "../../features/library/components/library-item-page";
import { ItemExportsPanel } from "../../features/publishing/components/item-exports-panel";

/**
 * /library/:id: the library's item page with the generator's result views in its
 * Optimize, Visualize and Repurpose tabs, and its drafts at publishing targets (features do not
 * import each other).
 */
export function LibraryItemRoute() {
  const { id = "" } = useParams();
  return (
    <LibraryItemPage
      key={id}
      id={id}
      renderResultView={(view, item, onChanged) => (
        <ResultViews
          view={view}
          item={item}
          threshold={item.qualityThreshold}
          onChanged={onChanged}
        />
      )}
      renderExports={(item) => (
        <ItemExportsPanel
          itemId={item.id}
          approvedVersion={
            item.approval && (item.status === "approved" || item.status === "published")
              ? item.approval.version
              : null
          }
        />
      )}
    />
  );
}
