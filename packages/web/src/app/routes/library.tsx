import { useGenerationSettings } from "../../features/content/api/get-generation-settings";
import { LibraryPage } from "../../features/library/components/library-page";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function LibraryRoute() {
  // New content comes from the generator: the server's `can.generate` decides.
  const generation = useGenerationSettings();
  const personas = usePersonas();
  const industries = useIndustries();
  return (
    <LibraryPage
      personas={personas.data ?? []}
      industries={industries.data ?? []}
      canCreate={generation.data?.can.generate ?? false}
    />
  );
}
