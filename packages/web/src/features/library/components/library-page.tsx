import { PageHeader } from "../../../components/ui/page-header";

/** /library: search and filter generated content. */
export function LibraryPage() {
  return <PageHeader title="Content Library" />;
}
