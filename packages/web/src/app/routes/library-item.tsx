import { useParams } from "react-router";
import { ResultViews } from "../../features/generator/components/result-views";
import { LibraryItemPage } from "../../features/library/components/library-item-page";

/**
 * /library/:id: the library's item page with the generator's result views in its
 * Optimize, Visualize and Repurpose tabs (features do not import each other).
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
    />
  );
}
