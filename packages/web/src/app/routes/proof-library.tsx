import { ProofLibraryPage } from "../../features/proof/components/proof-library-page";
import { useCompanyCatalog } from "../../features/reference/api/get-company-catalog";
import { useIndustries } from "../../features/reference/api/get-industries";

export function ProofLibraryRoute() {
  const catalog = useCompanyCatalog();
  const industries = useIndustries();
  return (
    <ProofLibraryPage
      solutions={(catalog.data?.solutions ?? []).map((s) => ({ id: s.id, name: s.name }))}
      industries={(industries.data ?? []).map((i) => ({ id: i.id, name: i.name }))}
    />
  );
}
